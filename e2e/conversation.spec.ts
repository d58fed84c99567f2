import type { Locator, Page } from '@playwright/test';
import { confirmationLink, createUser } from './support/accounts';
import { expect, test } from './support/fixtures';
import { checkOnPhone } from './support/layout';
import { photo, recordedVideo, type FilePayload } from './support/media';
import { askAndPay } from './support/questions';

const SHOTS = 'test-results/conversation';

/**
 * Opens `button`'s form, types `text` into the field `label`, attaches `files` (waiting for each
 * to finish uploading) and sends it.
 */
async function sendMessage(
  page: Page,
  button: string,
  label: string,
  text: string,
  files: FilePayload[] = [],
) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.getByLabel(label).fill(text);
  await attach(dialog, files);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
}

/** Picks `files` in the dialog's "Attach files" input and waits until each is uploaded. */
async function attach(dialog: Locator, files: FilePayload[]) {
  if (files.length === 0) return;
  await dialog.getByLabel('Attach files').setInputFiles(files);
  await expect(dialog.getByText(/^Uploaded · /)).toHaveCount(files.length);
}

/** The `<video>` labelled `name` has loaded at least its metadata (HAVE_METADATA or more). */
async function videoPlays(page: Page, name: string) {
  const video = page.locator(`video[aria-label="${name}"]`);
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
}

/**
 * The conversation on a question (issue 23, ADR 058), in two browsers at once: the Coach asks for
 * details, the Player replies with a photo (Send waits for its upload), the Coach answers with a
 * video that plays, the Player sends the one follow-up (the payout says it is held meanwhile) and
 * the Coach answers it. Each side sees the other's message and files arrive without reloading; a
 * third person's browser gets none of the files. At 1280 px, its screens also checked at 390 px.
 */
const width = 1280;

test('the Coach asks for details, the Player replies with a photo, the Coach answers with a video and answers the follow-up', async ({
  coach: { page: coach, coachId, email: coachEmail },
  player: { page: player, name: playerName },
  newPage,
}) => {
  // Two browsers through five exchanges and three uploads on a machine the other suites share.
  test.setTimeout(300_000);
  for (const page of [coach, player]) await page.setViewportSize({ width, height: 900 });
  const path = await askAndPay(player, coachId, 'How do I add 5 mph to my fastball?');

  await coach.goto(path);
  await sendMessage(
    coach,
    'Ask for details',
    'What do you need to know?',
    'Which hand do you throw with? A photo of your grip helps.',
  );
  await expect(coach.getByText('Which hand do you throw with?', { exact: false })).toBeVisible();

  // The Player's open page receives it.
  await expect(player.getByText('Which hand do you throw with?', { exact: false })).toBeVisible();
  await expect(player.getByText('Coach · Asked for details')).toBeVisible();

  // The reply with a photo: while its bytes are on their way, the upload shows its progress and
  // Send waits; once uploaded, Send goes.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await player.route('**/api/uploads/**', async (route) => {
    if (route.request().method() === 'PATCH') await held;
    await route.continue();
  });
  await player.getByRole('button', { name: 'Reply', exact: true }).click();
  const reply = player.getByRole('dialog', { name: 'Reply' });
  await reply.getByLabel('Your reply').fill('Right-handed, 15 years old. Here is my grip.');
  await reply.getByLabel('Attach files').setInputFiles(await photo('grip.jpg'));
  await expect(reply.getByRole('progressbar', { name: 'Uploading grip.jpg' })).toBeVisible();
  await expect(reply.getByRole('button', { name: 'Cancel grip.jpg' })).toBeVisible();
  await expect(reply.getByRole('button', { name: 'Send' })).toBeDisabled();
  await player.screenshot({ path: `${SHOTS}/reply-uploading-${width}.png` });
  await checkOnPhone(player, 'reply-uploading', [
    reply.getByRole('progressbar', { name: 'Uploading grip.jpg' }),
  ]);
  release();
  await expect(reply.getByText(/^Uploaded · /)).toBeVisible();
  await player.unroute('**/api/uploads/**');
  await reply.getByRole('button', { name: 'Send' }).click();
  await expect(reply).toBeHidden();

  // The Coach's open page shows the reply with its photo (a thumbnail that loaded).
  const replied = coach.getByRole('article', { name: /^Replied by / });
  await expect(replied.getByText('Right-handed, 15 years old.', { exact: false })).toBeVisible();
  const grip = replied.getByRole('img', { name: 'grip.jpg' });
  await expect(grip).toBeVisible();
  await expect
    .poll(() => grip.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const signed = await grip.evaluate((img: HTMLImageElement) => img.src);
  await coach.screenshot({ path: `${SHOTS}/details-${width}.png`, fullPage: true });
  await checkOnPhone(coach, 'details', [grip]);

  // The answer, with a video the browser plays.
  await coach.getByRole('button', { name: 'Respond to Question' }).click();
  const respond = coach.getByRole('dialog', { name: 'Respond to Question' });
  await respond
    .getByLabel('Your Answer *')
    .fill('Drive off your back leg and finish over your front knee. Watch the video.');
  await attach(respond, [await recordedVideo(coach, 'drill.webm')]);
  await respond.getByRole('button', { name: 'Submit Response' }).click();
  await expect(respond).toBeHidden();

  await expect(
    player.getByText('Drive off your back leg and finish over your front knee.', {
      exact: false,
    }),
  ).toBeVisible();
  await videoPlays(player, 'drill.webm');
  await sendMessage(
    player,
    'Ask a follow-up',
    'Your follow-up question',
    'How many throws a week?',
  );
  await expect(player.getByRole('button', { name: 'Ask a follow-up' })).toHaveCount(0);

  await coach.goto('/payouts');
  await expect(coach.getByText('Held: follow-up waiting')).toBeVisible();

  // Answered, the question stays in the Coach's work queue while the follow-up waits, and the
  // e-mail's button opens the page with the keyboard on the follow-up's form (issue 36).
  await coach.goto('/inbox');
  await expect(coach.getByTestId('inbox-badge')).toHaveText('1 needs you');
  await expect(coach.getByText('1 question needs you')).toBeVisible();
  await coach.getByRole('button', { name: 'Show what needs you' }).click();
  await expect(coach.getByRole('button', { name: 'Needs You', pressed: true })).toBeVisible();
  await expect(coach.getByText('Answer the follow-up')).toBeVisible();
  await coach.screenshot({ path: `${SHOTS}/needs-you-${width}.png`, fullPage: true });
  await checkOnPhone(coach, 'needs-you', [coach.getByText('Answer the follow-up')]);
  await coach.goto(
    await confirmationLink(coach, coachEmail, `${playerName} sent a follow-up question`),
  );
  await expect(coach.getByText('How many throws a week?')).toBeVisible();
  await expect(coach.getByRole('button', { name: 'Answer follow-up' })).toBeFocused();
  await sendMessage(
    coach,
    'Answer follow-up',
    'Your answer to the follow-up',
    'Three short sessions, 40 throws each. Here is the count.',
    [await recordedVideo(coach, 'count.webm')],
  );
  const followUpAnswer = player.getByRole('article', { name: /^Answered the follow-up by / });
  await expect(followUpAnswer.getByText('Three short sessions', { exact: false })).toBeVisible();
  await videoPlays(player, 'count.webm');
  await expect(coach.getByRole('button', { name: 'Answer follow-up' })).toHaveCount(0);
  await player.screenshot({ path: `${SHOTS}/thread-${width}.png`, fullPage: true });
  await checkOnPhone(player, 'thread', [
    followUpAnswer.getByText('Three short sessions', { exact: false }),
  ]);

  await coach.goto('/payouts');
  // The answered follow-up lifts its hold: the payout waits only for its release date.
  await expect(coach.getByText(/^Releases on /)).toBeVisible();
  await expect(coach.getByText('Held: follow-up waiting')).toHaveCount(0);

  // A third person: the question's files are not listed to them, and the photo's address
  // without its signature, or with another one, is a 404 (ADR 059).
  const stranger = await newPage();
  await createUser(stranger, { roles: ['asker'] });
  const questionId = path.split('/').pop() ?? '';
  expect((await stranger.request.get(`/api/questions/${questionId}/attachments`)).status()).toBe(
    403,
  );
  const unsigned = new URL(signed);
  unsigned.search = '';
  const forged = new URL(signed);
  forged.searchParams.set('s', 'A'.repeat(43));
  // The signed address itself opens for the question's Player (the 404s are the refusal).
  expect((await player.request.get(signed)).status()).toBe(200);
  for (const url of [unsigned, forged]) {
    // The stranger's browser context, with their session's cookies.
    const opened = await stranger.request.get(url.pathname + url.search);
    expect(opened.status(), url.search).toBe(404);
  }
});
