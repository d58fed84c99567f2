import { ATTACHMENT_MESSAGES } from '../contracts/attachments';
import {
  REFERENCE_LIBRARY_LABELS as LABELS,
  REVIEW_MESSAGES,
  videoReviewApiPaths,
} from '../contracts/video-review';
import { expect, test } from './support/fixtures';
import { recordedVideo } from './support/media';

/**
 * The Coach's reference library (issue 38, ADR 091), clicked through on Manage Coach Profile: a
 * video chosen with the app's upload, named from its file, added, renamed and deleted. Who may
 * reach the library is the API's tests' and the authorization matrix's.
 */
test('a Coach keeps a clip in their reference library, renames it and deletes it', async ({
  coach,
}) => {
  const { page } = coach;
  await page.goto('/manage-expert-profile');
  const card = page.getByRole('region', { name: REVIEW_MESSAGES.referenceLibrary });
  await expect(card.getByText(LABELS.empty)).toBeVisible();

  await card
    .getByLabel(ATTACHMENT_MESSAGES.label)
    .setInputFiles(await recordedVideo(page, 'Model serve.webm'));
  await expect(card.getByLabel(LABELS.clipName)).toHaveValue('Model serve');
  await card.getByRole('button', { name: LABELS.add }).click();
  const clips = card.getByRole('list', { name: LABELS.clips });
  await expect(clips.getByText('Model serve', { exact: true })).toBeVisible();
  await expect(card.getByLabel(LABELS.clipName)).toHaveCount(0);

  await clips.getByRole('button', { name: LABELS.renameClip('Model serve') }).click();
  await clips.getByLabel(LABELS.clipName).fill('Kick serve, side view');
  await clips.getByRole('button', { name: LABELS.save }).click();
  await expect(clips.getByText('Kick serve, side view')).toBeVisible();

  // The signed link plays: the clip is the stored video, reachable by its Coach.
  const [clip] = (
    (await (await page.request.get(videoReviewApiPaths.referenceClips)).json()) as {
      clips: { url: string }[];
    }
  ).clips;
  expect((await page.request.get(clip!.url)).headers()['content-type']).toBe('video/webm');

  await clips.getByRole('button', { name: LABELS.deleteClip('Kick serve, side view') }).click();
  const dialog = page.getByRole('dialog', { name: LABELS.deleteTitle });
  await dialog.getByRole('button', { name: LABELS.confirmDelete }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(LABELS.empty)).toBeVisible();
  expect((await page.request.get(clip!.url)).status()).toBe(404);
});
