import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import sharp from 'sharp';
import { REVIEW_MESSAGES, STUDIO_LABELS, STUDIO_MESSAGES } from '../contracts/video-review';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../scripts/lib/chromium';
import { monoWav } from '../scripts/lib/wav';
import { createUser } from './support/accounts';
import { checkOnPhone } from './support/layout';
import { expect, test } from './support/fixtures';
import { recordedVideo } from './support/media';
import { askAndPay } from './support/questions';

/**
 * Issue 38, the video review studio, end to end in Chromium with its fake microphone (a 440 Hz
 * tone from a WAV made here): the Coach steps to a frame, draws a red arrow, records a 5 s
 * voice-over and sends it with the answer; the Player plays the review, whose file has a video and
 * an audio track of that length with the arrow in its frames; the interactive review shows the
 * arrow at its time and not before; a stranger can open none of it.
 */
const work = mkdtempSync(path.join(tmpdir(), 'playbook-e2e-review-'));
const tone = path.join(work, 'tone.wav');
// A 440 Hz tone, 10 s, for Chromium's fake microphone.
writeFileSync(
  tone,
  monoWav(48_000, 10, (i) => Math.sin((2 * Math.PI * 440 * i) / 48_000) * 12_000),
);

test.use({
  launchOptions: {
    executablePath: TEST_CHROMIUM_PATH,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${tone}`,
    ],
  },
});

/** Pixels of the studio's red (#ff3b30) in raw RGB(A) bytes. */
function redPixels(data: Uint8Array | Uint8ClampedArray, channels: number): number {
  let count = 0;
  for (let i = 0; i < data.length; i += channels) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (r > 200 && g < 110 && b < 110) count++;
  }
  return count;
}

/** The red pixels of the drawings canvas in the interactive review, counted in the page. */
function redOnCanvas(canvas: Locator): Promise<number> {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const data = element.getContext('2d')?.getImageData(0, 0, element.width, element.height).data;
    let count = 0;
    for (let i = 0; data && i < data.length; i += 4) {
      if (data[i]! > 200 && data[i + 1]! < 110 && data[i + 2]! < 110) count++;
    }
    return count;
  });
}

/** Steps `frames` frames forward with 'Next frame', each time waiting for the position to move. */
async function stepFrames(page: Page, frames: number) {
  const position = page.getByLabel(STUDIO_LABELS.timeline, { exact: true });
  // The position is enabled once the clip's length is known: stepping works from then on.
  await expect(position).toBeEnabled();
  for (let i = 0; i < frames; i++) {
    const before = Number(await position.inputValue());
    await page.getByRole('button', { name: STUDIO_LABELS.nextFrame }).click();
    await expect.poll(async () => Number(await position.inputValue())).toBeGreaterThan(before);
  }
}

test('the Coach draws an arrow, records a voice-over and sends it; the Player replays it', async ({
  coach: { page: coach, coachId },
  player: { page: player },
  newPage,
}) => {
  // Two browsers, a 5 s recording and its transcode on a machine the other suites share.
  test.setTimeout(300_000);
  const questionPath = await askAndPay(player, coachId, 'Is my release point too late?', [
    await recordedVideo(player, 'release.webm', { seconds: 2, blue: true }),
  ]);

  // The studio, from the Player's video on the question page.
  await coach.goto(questionPath);
  await coach.getByRole('link', { name: REVIEW_MESSAGES.openStudio }).first().click();
  await expect(coach.getByRole('heading', { name: REVIEW_MESSAGES.studioTitle })).toBeVisible();
  await checkOnPhone(coach, 'studio', [
    coach.getByRole('button', { name: STUDIO_LABELS.nextFrame }),
    coach.getByRole('button', { name: STUDIO_LABELS.recordVoiceOver }),
  ]);
  await stepFrames(coach, 4);
  await coach.getByRole('button', { name: STUDIO_LABELS.tools.arrow }).click();
  const stage = coach.locator(`canvas[aria-label="${REVIEW_MESSAGES.studioTitle}"]`);
  await stage.scrollIntoViewIfNeeded();
  const box = await stage.boundingBox();
  if (!box) throw new Error('no stage');
  await coach.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.3);
  await coach.mouse.down();
  await coach.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.65, { steps: 8 });
  await coach.mouse.up();
  await expect(
    coach.getByRole('region', { name: STUDIO_LABELS.drawings }).getByRole('listitem'),
  ).toHaveCount(1);

  // A 5 s voice-over: the recorder's own clock says when.
  await coach.getByRole('button', { name: STUDIO_LABELS.recordVoiceOver }).click();
  await expect(coach.getByText(STUDIO_MESSAGES.recording('0:05'))).toBeVisible({ timeout: 30_000 });
  await coach.getByRole('button', { name: STUDIO_LABELS.stopRecording }).click();
  await expect(coach.getByLabel(STUDIO_LABELS.preview)).toBeVisible();
  await coach.getByRole('button', { name: STUDIO_LABELS.addToAnswer }).click();

  // Back on the question, the answer form lists the review once it is prepared.
  const respond = coach.getByRole('dialog', { name: 'Respond to Question' });
  await expect(respond).toBeVisible();
  // The recorder stopped once its clock said 0:05; on a busy machine the click lands a moment later.
  const length = respond.getByText(/^0:0[4-9]$/);
  await expect(length).toBeVisible({ timeout: 120_000 });
  const shown = (await length.textContent()) ?? '';
  await respond.getByLabel('Your Answer *').fill('Your release is late: see the arrow.');
  await respond.getByRole('button', { name: 'Submit Response' }).click();
  await expect(respond).toBeHidden();

  // The Player's page says so, with the video, which plays.
  await expect(player.getByText(REVIEW_MESSAGES.sentLine(shown), { exact: true })).toBeVisible();
  const video = player.locator('video[src*="/api/attachments/"]').last();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThanOrEqual(1);

  // The file: an H.264 video and an AAC audio track of the recording's length, read by a real
  // demuxer, and the arrow's red in a frame from its middle.
  const url = await video.evaluate((v: HTMLVideoElement) => v.currentSrc);
  const bytes = await (await player.request.get(url)).body();
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const [videoTrack] = await input.getVideoTracks();
  const [audioTrack] = await input.getAudioTracks();
  expect(await videoTrack?.getCodecParameterString()).toMatch(/^avc1/);
  expect(audioTrack?.codec).toBe('aac');
  // The length the pages show is the file's, to the second.
  const duration = await input.computeDuration();
  expect(Math.abs(duration - Number(shown.split(':')[1]))).toBeLessThanOrEqual(0.75);
  const file = path.join(work, 'review.mp4');
  writeFileSync(file, bytes);
  const frame = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-ss',
    '2.5',
    '-i',
    file,
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-vcodec',
    'png',
    '-',
  ]);
  const { data, info } = await sharp(frame).raw().toBuffer({ resolveWithObject: true });
  expect(redPixels(data, info.channels)).toBeGreaterThan(200);

  // The interactive review: the Player's clip with the arrow from its frame on, not before.
  await player.getByRole('link', { name: REVIEW_MESSAGES.openInteractive }).click();
  const canvas = player.locator('[data-testid="review-stage"] canvas');
  await expect(player.getByLabel(STUDIO_LABELS.timeline, { exact: true })).toBeEnabled();
  await expect.poll(() => redOnCanvas(canvas)).toBe(0);
  await stepFrames(player, 6);
  await expect.poll(() => redOnCanvas(canvas)).toBeGreaterThan(50);
  await checkOnPhone(player, 'interactive-review', [
    canvas,
    player.getByRole('button', { name: STUDIO_LABELS.nextFrame }),
  ]);
  const reviewPath = new URL(player.url()).pathname;

  // A stranger: the reviews' API (where the signed links come from) and the interactive page refuse.
  const stranger = await newPage(undefined, { home: false });
  await createUser(stranger, { roles: ['asker'], origin: new URL(player.url()).origin });
  const questionId = questionPath.split('/').pop() ?? '';
  expect((await stranger.request.get(`/api/questions/${questionId}/reviews`)).status()).toBe(404);
  await stranger.goto(reviewPath);
  await expect(
    stranger.getByRole('heading', { name: /Access Restricted|Not Found/ }),
  ).toBeVisible();
});
