/**
 * The video-review phase (issue 38, "Measured"), in Debian's full Chromium through Playwright:
 *
 * 1. On a 1080p 60 fps clip at CPU ×4 (CDP): freehand drawing with continuous pointer moves under
 *    a performance trace, its frames a second counted from the trace (video-review-trace.ts); then
 *    100 frame steps forward and 100 back with the keyboard (full stop, comma), each timed from
 *    the key's event to the first rendering update whose stage canvas shows the next frame.
 * 2. A 3-minute voice-over recorded by the studio with Chromium's fake microphone (a click every
 *    second) while a 720p 60 fps clip plays on without a stop and the Coach draws now and then;
 *    the recording and the server's transcode of it read back (video-review-media.ts).
 * 3. The recording sent as the studio sends it ("Add to answer": the resumable upload, then the
 *    draft) while the server's RSS is sampled, then the server's transcode timed from its ffmpeg
 *    process (seen in /proc under the server's pid) and from the review's state changes.
 *
 * The Player and the Coach are seeded users (the last Player and the last Coach, so the other
 * phases' fixtures are not touched); the question and everything under it are deleted afterwards.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from '@playwright/test';
import type pg from 'pg';
import {
  RECORDING_FRAME_RATE,
  REVIEW_MESSAGES,
  STUDIO_LABELS,
  STUDIO_MESSAGES,
  studioPath,
  type VideoReview,
} from '../../contracts/video-review';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium';
import { BENCH_PASSWORD, SHAPES } from './constants';
import type { Size } from './db';
import { coachNumber, playerNumber, type Actor } from './fixtures';
import { BETA_COOKIE_PAIR } from './http';
import { dataDir, type Child } from './processes';
import { percentile } from './stats';
import type { StartApp } from './upload';
import {
  clickWav,
  clipArgs,
  CODE_BITS,
  makeClip,
  readRecording,
  transcodeKeepingFrameTimes,
  type ClipSpec,
  type RecordingFigures,
} from './video-review-media';
import { drawingFrames, TRACE_CATEGORIES, type DrawingFrames } from './video-review-trace';

const CPU_SLOWDOWN = 4;
const STEPS = 100;
/**
 * The phase's parts (`--review-parts`): the drawing's trace, the frame steps, and the recording
 * with its upload and transcode (minutes; the first two alone take one).
 */
export const REVIEW_PARTS = ['drawing', 'steps', 'recording'] as const;
export type ReviewPart = (typeof REVIEW_PARTS)[number];
const DRAWING_SECONDS = 5;
/** A mouse's report rate: one move every 8 ms while a stroke is drawn. */
const POINTER_MOVE_MS = 8;
const SAMPLE_MS = 100;
const MB = 2 ** 20;
const QUESTION = 'Video review bench: is my stride too long at the finish?';

const STEP_CLIP: ClipSpec = { width: 1920, height: 1080, rate: 60, seconds: 10 };
/** Longer than the recording and its start, so the clip plays on without a stop or a loop. */
const syncClip = (recordSeconds: number): ClipSpec => ({
  width: 1280,
  height: 720,
  rate: 60,
  seconds: recordSeconds + 20,
});

export interface StepFigures {
  forward: number;
  back: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Steps whose stage did not show the very next (or previous) source frame, or showed none. */
  wrong: number;
  timedOut: number;
  /** Steps during which the stage showed no frame (black) before the new one. */
  blackFlashes: number;
}

export interface TranscodeFigures {
  /** The ffmpeg transcode process's life (from /proc, ± SAMPLE_MS) and its CPU time. */
  ffmpegSeconds: number;
  ffmpegCpuSeconds: number;
  /** From the draft's creation to ready, and from the job's claim (progress ≥ 1) to ready. */
  draftToReadySeconds: number;
  claimToReadySeconds: number;
  /** The recording's duration over ffmpegSeconds. */
  speed: number;
  status: VideoReview['status'];
  /** Set when the transcode was stopped unfinished: its progress (%) then, which gave `speed`. */
  stoppedAtProgress?: number;
}

export interface VideoReviewResult {
  clip: ClipSpec;
  syncClip: ClipSpec;
  cpuSlowdown: number;
  /** The machine's 1-minute load average right before each measurement. */
  load: { drawing: number; steps: number; recording: number; upload: number; transcode: number };
  drawing: DrawingFrames & { pointerMoves: number; pointerSeconds: number };
  steps: StepFigures;
  recordSeconds: number;
  /** The recorder's frame rate (canvas.captureStream, ADR 092). */
  recordingRate: number;
  /** Chromium's busiest threads while recording (process type and thread name, CPU seconds). */
  recordingThreads: { thread: string; cpuSeconds: number }[];
  recordingWall: number;
  before: RecordingFigures;
  after: RecordingFigures | null;
  /**
   * The same transcode with `-fps_mode vfr`, run by the bench after the server's (not the
   * server's output): its wall time, speed and file.
   */
  keepingFrameTimes: { seconds: number; speed: number; figures: RecordingFigures };
  upload: {
    sizeMB: number;
    seconds: number;
    rssBeforeMB: number;
    rssPeakMB: number;
    rssGrowthMB: number;
  };
  transcode: TranscodeFigures;
}

/** Clips are made once per machine (a 3-minute one takes ffmpeg minutes) and kept by their arguments. */
async function clip(spec: ClipSpec, log: (line: string) => void): Promise<string> {
  const dir = path.join(os.tmpdir(), 'playbook-bench-video-review');
  mkdirSync(dir, { recursive: true });
  const key = createHash('sha256').update(clipArgs(spec, '').join(' ')).digest('hex').slice(0, 12);
  const file = path.join(
    dir,
    `clip-${spec.width}x${spec.height}-${spec.rate}-${spec.seconds}s-${key}.mp4`,
  );
  if (existsSync(file)) return file;
  log(
    `  making a ${spec.seconds} s ${spec.width}×${spec.height} ${spec.rate} fps clip with ffmpeg…`,
  );
  const partial = `${file}.partial.mp4`;
  // Made under another name and renamed, so a run stopped half-way leaves no clip to reuse.
  await makeClip(spec, partial);
  renameSync(partial, file);
  return file;
}

const load1 = () => os.loadavg()[0] ?? 0;

/** A browser context signed in as `email`, past the beta gate, as a desktop browser. */
async function signedIn(browser: Browser, baseUrl: string, email: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 1000 },
    acceptDownloads: true,
  });
  const [name, value] = BETA_COOKIE_PAIR.split('=') as [string, string];
  await context.addCookies([{ name, value, url: baseUrl }]);
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: BENCH_PASSWORD },
    headers: { origin: baseUrl },
  });
  if (!res.ok()) throw new Error(`sign-in of ${email}: ${res.status()} ${await res.text()}`);
  return context;
}

/** The Player asks the Coach through the ask form with both clips attached and pays (test checkout). */
async function askWithClips(player: Page, coachId: string, files: string[]): Promise<string> {
  await player.goto(`/ask/${coachId}`);
  await player.getByLabel('Your Question').fill(QUESTION);
  await player.getByLabel('Attach files').setInputFiles(files);
  const uploaded = player.getByText(/^Uploaded · /);
  const deadline = Date.now() + 300_000;
  while ((await uploaded.count()) < files.length) {
    if (Date.now() > deadline) throw new Error('the clips did not finish uploading');
    await player.waitForTimeout(500);
  }
  await player.getByLabel('I pledge to keep my question respectful and on-topic.').check();
  await player
    .getByLabel(/I agree to the Terms of Service and Privacy Policy, and that the Coach receives/)
    .check();
  await player.getByRole('button', { name: 'Submit Question' }).click();
  await player.waitForURL('**/test-checkout/**');
  await player.getByRole('button', { name: 'Pay', exact: true }).click();
  await player.waitForURL('**/questions/**');
  const id = new URL(player.url()).pathname.split('/').pop();
  if (!id) throw new Error('no question id');
  return id;
}

/** Opens the studio on the Player's video named `fileName` and waits until it can step. */
async function openStudio(coach: Page, questionId: string, fileName: string) {
  await coach.goto(studioPath(questionId));
  await coach.getByRole('heading', { name: REVIEW_MESSAGES.studioTitle }).waitFor();
  const choose = coach.getByLabel(STUDIO_LABELS.clip);
  if ((await choose.count()) > 0) await choose.selectOption({ label: `Question: ${fileName}` });
  const position = coach.getByLabel(STUDIO_LABELS.timeline, { exact: true });
  await position.waitFor();
  const deadline = Date.now() + 60_000;
  while (!(await position.isEnabled())) {
    if (Date.now() > deadline) throw new Error('the studio did not load the clip');
    await coach.waitForTimeout(200);
  }
}

const stageOf = (coach: Page) =>
  coach.locator(`canvas[aria-label="${REVIEW_MESSAGES.studioTitle}"]`);

/**
 * Freehand strokes with a move every POINTER_MOVE_MS, `seconds` in all, as loops inside the
 * frame's middle (clear of the code band at its top); returns the moves sent. The moves go
 * through CDP without waiting for each to be handled, as a mouse reports whatever the page is
 * doing: Playwright's `mouse.move` waits for the renderer's acknowledgement, which at CPU ×4
 * held it to about a dozen moves a second.
 */
async function drawStrokes(
  coach: Page,
  cdp: CDPSession,
  seconds: number,
  strokes: number,
): Promise<number> {
  const box = await stageOf(coach).boundingBox();
  if (!box) throw new Error('no stage');
  const mouse = (type: string, x: number, y: number, buttons: number) =>
    cdp.send('Input.dispatchMouseEvent', {
      type: type as 'mouseMoved',
      x,
      y,
      button: 'left',
      buttons,
      clickCount: type === 'mouseMoved' ? 0 : 1,
    });
  let moves = 0;
  for (let s = 0; s < strokes; s++) {
    const cx = box.x + box.width * (0.3 + 0.4 * (s / Math.max(1, strokes - 1)));
    const cy = box.y + box.height * 0.55;
    const r = Math.min(box.width, box.height) * 0.15;
    const at = (t: number) => ({
      x: cx + r * Math.cos(t * 2 * Math.PI) * (0.6 + 0.4 * t),
      y: cy + r * Math.sin(t * 4 * Math.PI) * 0.8,
    });
    const start = at(0);
    await mouse('mouseMoved', start.x, start.y, 0);
    await mouse('mousePressed', start.x, start.y, 1);
    const sent: Promise<unknown>[] = [];
    const began = performance.now();
    const length = (seconds * 1000) / strokes;
    let end = start;
    for (let next = began; performance.now() - began < length; next += POINTER_MOVE_MS) {
      end = at((performance.now() - began) / length);
      sent.push(mouse('mouseMoved', end.x, end.y, 1));
      moves++;
      const wait = next + POINTER_MOVE_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await Promise.all(sent);
    await mouse('mouseReleased', end.x, end.y, 0);
  }
  return moves;
}

/**
 * Installed in the studio page: `__step.wait()` resolves when the stage canvas's code band shows
 * a frame other than the one it showed at the last key press, with the time from that key's
 * event. It looks once per rendering update, in a task posted from requestAnimationFrame, so it
 * sees the stage as that update painted it (the stage paints in its own animation frame
 * callback). Plain JavaScript: Playwright sends a function's source, and the bench's own build
 * adds helpers to nested functions that the page does not have.
 */
const STEP_PROBE = `(() => {
  const bits = ${CODE_BITS};
  const readCode = () => {
    const canvas = document.querySelector('canvas[aria-label]');
    const ctx = canvas && canvas.getContext('2d');
    if (!ctx) return null;
    const y = Math.round(canvas.height / 36);
    const row = ctx.getImageData(0, y, canvas.width, 1).data;
    let n = 0;
    for (let bit = 0; bit < bits; bit++) {
      const x = Math.round(((bit + 0.5) * canvas.width) / bits);
      const level = (row[x * 4] + row[x * 4 + 1] + row[x * 4 + 2]) / 3;
      if (level > 80 && level < 170) return null;
      if (level >= 170) n += 2 ** bit;
    }
    return n;
  };
  const probe = { pressedAt: 0, before: null };
  probe.wait = (timeoutMs) => new Promise((resolve) => {
    const channel = new MessageChannel();
    let black = 0;
    channel.port1.onmessage = () => {
      const code = readCode();
      const ms = performance.now() - probe.pressedAt;
      // An all-black band is no frame (the steps stay clear of frame 0, whose band is black too).
      if (code === 0) black++;
      if ((code !== 0 && code !== probe.before) || ms > timeoutMs) {
        resolve({ ms, before: probe.before, after: code, black });
      } else requestAnimationFrame(() => channel.port2.postMessage(null));
    };
    requestAnimationFrame(() => channel.port2.postMessage(null));
  });
  window.addEventListener('keydown', (event) => {
    if (event.key !== '.' && event.key !== ',') return;
    probe.pressedAt = event.timeStamp;
    probe.before = readCode();
  }, { capture: true });
  window.__step = probe;
})();`;

interface StepProbe {
  wait: (
    timeoutMs: number,
  ) => Promise<{ ms: number; before: number | null; after: number | null; black: number }>;
}

async function measureSteps(coach: Page, log: (line: string) => void): Promise<StepFigures> {
  const latencies: number[] = [];
  let wrong = 0;
  let timedOut = 0;
  let blackFlashes = 0;
  const stepAll = async (key: '.' | ',', direction: 1 | -1, steps: number, timed: boolean) => {
    for (let i = 0; i < steps; i++) {
      await coach.keyboard.press(key);
      const r = await coach.evaluate(() =>
        (window as unknown as { __step: StepProbe }).__step.wait(3_000),
      );
      if (!timed) continue;
      if (r.black > 0) blackFlashes++;
      if (r.after === r.before || r.after === 0) timedOut++;
      else latencies.push(r.ms);
      if (r.before === null || r.after === null || r.after - r.before !== direction) wrong++;
      // A person looks at each frame before the next press.
      await coach.waitForTimeout(60);
    }
  };
  // Away from frame 0 first (its band is black, as no frame is), then the timed steps.
  await stepAll('.', 1, 10, false);
  await stepAll('.', 1, STEPS, true);
  await stepAll(',', -1, STEPS, true);
  // Each step's time, in order, to see where the slow ones fall (a keyframe, a turn of direction).
  log(`  steps' ms, forward then back: ${latencies.map((ms) => ms.toFixed(0)).join(' ')}`);
  const figures = {
    forward: STEPS,
    back: STEPS,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    maxMs: Math.max(0, ...latencies),
    wrong,
    timedOut,
    blackFlashes,
  };
  log(
    `  frame steps at CPU ×${CPU_SLOWDOWN}: ${STEPS} forward, ${STEPS} back: p50 ${figures.p50Ms.toFixed(0)} ms, ` +
      `p95 ${figures.p95Ms.toFixed(0)} ms, max ${figures.maxMs.toFixed(0)} ms` +
      ` (${wrong} not on the adjacent frame, ${timedOut} timed out, ${blackFlashes} showed black first)`,
  );
  return figures;
}

/** The ffmpeg children of `pid` running a transcode (libx264), with their start and CPU ticks. */
function transcodeChildren(pid: number): { pid: number; cpuTicks: number }[] {
  const found: { pid: number; cpuTicks: number }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command's closing parenthesis: state, ppid, …, utime (14), stime (15).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== pid) continue;
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('libx264')) continue;
      found.push({ pid: Number(entry), cpuTicks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended between listing and reading.
    }
  }
  return found;
}

const CLOCK_TICKS = 100;

/** The browser's processes: the one started with `flag` in its arguments, and its descendants. */
function browserProcesses(flag: string): { pid: number; type: string }[] {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
        return [{ pid: Number(entry), ppid, cmdline }];
      } catch {
        return [];
      }
    });
  const root = all.find((p) => {
    const line = p.cmdline.join(' ');
    return line.includes(flag) && !line.includes('--type=');
  });
  if (!root) return [];
  const tree = new Set([root.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) {
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  // Chromium rewrites its processes' titles: the arguments may come as one string with spaces.
  return all
    .filter((p) => tree.has(p.pid))
    .map((p) => {
      const line = p.cmdline.join(' ');
      const sub = /--utility-sub-type=\S*?([A-Za-z]+)(?:\s|$)/.exec(line)?.[1];
      const type = /--type=(\S+)/.exec(line)?.[1] ?? 'browser';
      return { pid: p.pid, type: sub ? `${type}:${sub}` : type };
    });
}

/** CPU ticks so far of every thread of `processes`, by process type and thread name. */
function threadTicks(processes: { pid: number; type: string }[]): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const { pid, type } of processes) {
    try {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const key = `${type} ${name}`;
        ticks.set(key, (ticks.get(key) ?? 0) + Number(fields[11]) + Number(fields[12]));
      }
    } catch {
      // A process or thread that ended meanwhile.
    }
  }
  return ticks;
}

/** The threads that used the most CPU between two `threadTicks`, in CPU seconds. */
function busiestThreads(before: Map<string, number>, after: Map<string, number>, top = 8) {
  return [...after.entries()]
    .map(([thread, ticks]) => ({
      thread,
      cpuSeconds: (ticks - (before.get(thread) ?? 0)) / CLOCK_TICKS,
    }))
    .sort((a, b) => b.cpuSeconds - a.cpuSeconds)
    .slice(0, top);
}

/**
 * Follows the review to ready: the server's ffmpeg transcode child in /proc every SAMPLE_MS, and
 * the review's state through the Coach's own read of the question's reviews.
 */
async function followTranscode(
  coach: BrowserContext,
  server: Child,
  questionId: string,
  draftAt: number,
  recordingSeconds: number,
): Promise<{ figures: TranscodeFigures; review: VideoReview | null }> {
  // At ≥ 1× the transcode ends within the recording's length (its claim waits at most 2 s): a
  // minute past that it has missed the target whatever it does, so its speed is read from its
  // progress instead and its ffmpeg is stopped (the review fails).
  const capMs = (recordingSeconds + 60) * 1000;
  let ffmpeg: { pid: number; first: number; last: number; cpuTicks: number } | null = null;
  let claimedAt: number | null = null;
  let lastPoll = 0;
  let progress = 0;
  for (;;) {
    const now = performance.now();
    for (const child of transcodeChildren(server.pid)) {
      if (!ffmpeg || ffmpeg.pid !== child.pid) {
        ffmpeg = { pid: child.pid, first: now, last: now, cpuTicks: child.cpuTicks };
      } else {
        ffmpeg.last = now;
        ffmpeg.cpuTicks = child.cpuTicks;
      }
    }
    if (now - lastPoll >= 250) {
      lastPoll = now;
      const res = await coach.request.get(`/api/questions/${questionId}/reviews`);
      const { reviews } = (await res.json()) as { reviews: VideoReview[] };
      const review = reviews[reviews.length - 1];
      if (review && claimedAt === null && review.progress >= 1) claimedAt = performance.now();
      progress = review?.progress ?? 0;
      if (review && review.status !== 'processing') {
        const readyAt = performance.now();
        const ffmpegSeconds = ffmpeg ? (ffmpeg.last - ffmpeg.first) / 1000 : NaN;
        return {
          review,
          figures: {
            ffmpegSeconds,
            ffmpegCpuSeconds: ffmpeg ? ffmpeg.cpuTicks / CLOCK_TICKS : NaN,
            draftToReadySeconds: (readyAt - draftAt) / 1000,
            claimToReadySeconds: claimedAt === null ? NaN : (readyAt - claimedAt) / 1000,
            speed: recordingSeconds / ffmpegSeconds,
            status: review.status,
          },
        };
      }
    }
    if (now - draftAt > capMs) {
      // The share of the recording written so far (5 % steps, ADR 090) over the time since the claim.
      const running = claimedAt === null ? NaN : (now - claimedAt) / 1000;
      if (ffmpeg) process.kill(ffmpeg.pid);
      return {
        review: null,
        figures: {
          ffmpegSeconds: ffmpeg ? (ffmpeg.last - ffmpeg.first) / 1000 : NaN,
          ffmpegCpuSeconds: ffmpeg ? ffmpeg.cpuTicks / CLOCK_TICKS : NaN,
          draftToReadySeconds: NaN,
          claimToReadySeconds: NaN,
          speed: ((progress / 100) * recordingSeconds) / running,
          status: 'processing',
          stoppedAtProgress: progress,
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  }
}

/** Deletes the phase's questions and all that hangs on them (earlier runs' too). */
async function removeQuestions(pool: pg.Pool): Promise<void> {
  const ids = `SELECT id FROM questions WHERE question = $1`;
  const recordings = await pool.query<{ id: string }>(
    `SELECT video_attachment_id AS id FROM video_reviews WHERE question_id IN (${ids})`,
    [QUESTION],
  );
  await pool.query(`DELETE FROM video_reviews WHERE question_id IN (${ids})`, [QUESTION]);
  if (recordings.rows.length > 0) {
    await pool.query('DELETE FROM attachments WHERE id = ANY($1::uuid[])', [
      recordings.rows.map((r) => r.id),
    ]);
  }
  for (const table of [
    'attachments',
    'receipts',
    'payouts',
    'extra_payments',
    'checkout_sessions',
    'question_messages',
  ]) {
    await pool.query(`DELETE FROM ${table} WHERE question_id IN (${ids})`, [QUESTION]);
  }
  await pool.query('DELETE FROM questions WHERE question = $1', [QUESTION]);
}

/** Saves the recording the studio previews (a blob: URL) through a download, as bytes on disk. */
async function saveRecording(coach: Page, file: string): Promise<void> {
  const download = coach.waitForEvent('download', { timeout: 120_000 });
  await coach.getByLabel(STUDIO_LABELS.preview).evaluate((video: HTMLVideoElement) => {
    const a = document.createElement('a');
    a.href = video.currentSrc || video.src;
    a.download = 'recording.webm';
    document.body.append(a);
    a.click();
    a.remove();
  });
  await (await download).saveAs(file);
}

export async function measureVideoReview(
  startApp: StartApp,
  stopApp: (child: Child) => Promise<void>,
  pool: pg.Pool,
  size: Size,
  options: {
    recordSeconds: number;
    traceFile: string;
    log: (line: string) => void;
    /** The parts to run; without 'recording' (and its upload and transcode) no result is kept. */
    parts?: readonly ReviewPart[];
  },
): Promise<VideoReviewResult | null> {
  const { log, recordSeconds } = options;
  const parts = new Set(options.parts ?? REVIEW_PARTS);
  const whole = parts.has('recording');
  if (whole && parts.size < REVIEW_PARTS.length) {
    throw new Error(
      '--review-parts: the recording is measured only with the drawing and the steps',
    );
  }
  const work = dataDir();
  const stepClip = await clip(STEP_CLIP, log);
  const longSpec = syncClip(recordSeconds);
  // The long clip takes ffmpeg minutes to make the first time: only the recording plays it.
  const longClip = whole ? await clip(longSpec, log) : null;
  const wav = path.join(work, 'clicks.wav');
  writeFileSync(wav, clickWav(recordSeconds + 120));
  const coachActor = await coachNumber(pool, SHAPES[size].coaches);
  const playerActor: Actor = playerNumber(size, SHAPES[size].users - SHAPES[size].coaches - 1);
  await removeQuestions(pool);

  const server = await startApp({ dataDir: dataDir(), env: {} });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  });
  try {
    const playerContext = await signedIn(browser, server.url, playerActor.email);
    const player = await playerContext.newPage();
    log(
      `  the Player asks with the clips (${[stepClip, longClip ?? ''].map((f) => path.basename(f)).join(' ')})…`,
    );
    const questionId = await askWithClips(
      player,
      coachActor.coachId,
      longClip ? [stepClip, longClip] : [stepClip],
    );
    await playerContext.close();

    const coachContext = await signedIn(browser, server.url, coachActor.email);
    const coach = await coachContext.newPage();
    await coach.addInitScript(STEP_PROBE);
    await openStudio(coach, questionId, path.basename(stepClip));
    const cdp = await coachContext.newCDPSession(coach);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await coach.getByRole('button', { name: STUDIO_LABELS.tools.freehand }).click();

    // 1a. Drawing under a trace.
    const load = { drawing: load1(), steps: 0, recording: 0, upload: 0, transcode: 0 };
    let drawing: VideoReviewResult['drawing'] | null = null;
    if (parts.has('drawing')) {
      await browser.startTracing(coach, { categories: TRACE_CATEGORIES });
      const drawStart = performance.now();
      const pointerMoves = await drawStrokes(coach, cdp, DRAWING_SECONDS, 5);
      const drawEnd = performance.now();
      const trace = await browser.stopTracing();
      mkdirSync(path.dirname(options.traceFile), { recursive: true });
      writeFileSync(options.traceFile, trace);
      drawing = {
        ...drawingFrames(JSON.parse(trace.toString('utf8'))),
        pointerMoves,
        pointerSeconds: (drawEnd - drawStart) / 1000,
      };
      log(
        `  drawing at CPU ×${CPU_SLOWDOWN}: ${drawing.fps.toFixed(1)} frames/s (${drawing.frames} DrawFrame in ` +
          `${drawing.seconds.toFixed(1)} s of ${drawing.strokes} strokes; ${drawing.animationFrames} animation frames, ` +
          `${drawing.droppedFrames} dropped; main thread busy ${(drawing.mainThreadBusy * 100).toFixed(0)} %; ` +
          `${pointerMoves} pointer moves; load ${load.drawing.toFixed(2)})`,
      );
    }

    // 1b. Frame steps, from the clip's start.
    const clear = coach.getByRole('button', { name: STUDIO_LABELS.clear, exact: true });
    if (await clear.isEnabled()) await clear.click();
    load.steps = load1();
    log(`  load average (1 min) before the steps: ${load.steps.toFixed(2)}`);
    const steps = parts.has('steps') ? await measureSteps(coach, log) : null;
    log(`  load average (1 min) after the steps: ${load1().toFixed(2)}`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (!longClip || !drawing || !steps) return null;

    // 2. The 3-minute voice-over on the long clip, playing on from before the recording starts.
    await openStudio(coach, questionId, path.basename(longClip));
    await coach.getByRole('button', { name: STUDIO_LABELS.tools.freehand }).click();
    load.recording = load1();
    await coach.getByRole('button', { name: STUDIO_LABELS.play, exact: true }).click();
    await coach.waitForTimeout(1_000);
    const chromiumProcesses = browserProcesses(wav);
    const ticksBefore = threadTicks(chromiumProcesses);
    const recordingStarted = performance.now();
    await coach.getByRole('button', { name: STUDIO_LABELS.recordVoiceOver }).click();
    const clock = (seconds: number) =>
      `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
    const status = coach.getByText(/^Recording \d+:\d\d$/);
    await status.waitFor({ timeout: 30_000 });
    // As a Coach would: a stroke now and then while the clip plays on.
    for (let at = 20; at < recordSeconds - 10; at += 40) {
      await coach
        .getByText(STUDIO_MESSAGES.recording(clock(at)))
        .waitFor({ timeout: (recordSeconds + 60) * 1000 });
      await drawStrokes(coach, cdp, 1, 1);
    }
    await coach
      .getByText(STUDIO_MESSAGES.recording(clock(recordSeconds)))
      .waitFor({ timeout: (recordSeconds + 60) * 1000 });
    await coach.getByRole('button', { name: STUDIO_LABELS.stopRecording }).click();
    const recordingWall = (performance.now() - recordingStarted) / 1000;
    const recordingThreads = busiestThreads(ticksBefore, threadTicks(chromiumProcesses));
    log(
      `  Chromium's busiest threads over the ${recordingWall.toFixed(0)} s recording (CPU s): ` +
        recordingThreads.map((t) => `${t.thread} ${t.cpuSeconds.toFixed(1)}`).join(', '),
    );
    await coach.getByLabel(STUDIO_LABELS.preview).waitFor({ timeout: 60_000 });
    const original = path.join(work, 'recording.webm');
    await saveRecording(coach, original);
    log(`  recorded ${recordSeconds} s (${(statSync(original).size / MB).toFixed(1)} MB)`);

    // 3. Sent as the studio sends it, the server's RSS sampled until the draft is saved.
    load.upload = load1();
    const rssBefore = server.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, server.rss())), SAMPLE_MS);
    const uploadStart = performance.now();
    const saved = coach.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/questions\/[^/]+\/reviews$/.test(r.url()),
      { timeout: 600_000 },
    );
    await coach.getByRole('button', { name: STUDIO_LABELS.addToAnswer }).click();
    const draft = await saved;
    const draftAt = performance.now();
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, server.rss());
    if (draft.status() !== 201) throw new Error(`the draft was refused: ${draft.status()}`);
    const upload = {
      sizeMB: statSync(original).size / MB,
      seconds: (draftAt - uploadStart) / 1000,
      rssBeforeMB: rssBefore / MB,
      rssPeakMB: rssPeak / MB,
      rssGrowthMB: (rssPeak - rssBefore) / MB,
    };
    log(
      `  sent through the resumable upload in ${upload.seconds.toFixed(1)} s: server RSS ` +
        `${upload.rssBeforeMB.toFixed(0)} → peak ${upload.rssPeakMB.toFixed(0)} MB (+${upload.rssGrowthMB.toFixed(1)} MB)`,
    );

    load.transcode = load1();
    const before = await readRecording(
      original,
      longSpec.rate,
      RECORDING_FRAME_RATE,
      statSync(original).size,
    );
    const { figures: transcode, review } = await followTranscode(
      coachContext,
      server,
      questionId,
      draftAt,
      before.durationS,
    );
    log(
      `  transcode (${transcode.status}): ffmpeg ${transcode.ffmpegSeconds.toFixed(1)} s wall, ` +
        `${transcode.ffmpegCpuSeconds.toFixed(1)} s CPU, ${transcode.speed.toFixed(2)}× real time; ` +
        `claim → ready ${transcode.claimToReadySeconds.toFixed(1)} s (load ${load.transcode.toFixed(2)})` +
        (transcode.stoppedAtProgress === undefined
          ? ''
          : `; stopped unfinished at ${transcode.stoppedAtProgress} %`),
    );
    let after: RecordingFigures | null = null;
    if (review?.videoUrl) {
      const res = await coachContext.request.get(review.videoUrl);
      const file = path.join(work, 'review.mp4');
      writeFileSync(file, await res.body());
      after = await readRecording(file, longSpec.rate, RECORDING_FRAME_RATE, statSync(file).size);
    }
    await coachContext.close();
    const fixedFile = path.join(work, 'review-vfr.mp4');
    const fixedSeconds = await transcodeKeepingFrameTimes(
      original,
      fixedFile,
      before.durationS * 1000,
    );
    const keepingFrameTimes = {
      seconds: fixedSeconds,
      speed: before.durationS / fixedSeconds,
      figures: await readRecording(
        fixedFile,
        longSpec.rate,
        RECORDING_FRAME_RATE,
        statSync(fixedFile).size,
      ),
    };
    log(
      `  the same transcode with -fps_mode vfr (bench-run): ${fixedSeconds.toFixed(1)} s, ` +
        `${keepingFrameTimes.speed.toFixed(2)}× real time`,
    );
    return {
      clip: STEP_CLIP,
      syncClip: longSpec,
      cpuSlowdown: CPU_SLOWDOWN,
      load,
      drawing,
      steps,
      recordSeconds,
      recordingRate: RECORDING_FRAME_RATE,
      recordingThreads,
      recordingWall,
      before,
      after,
      keepingFrameTimes,
      upload,
      transcode,
    };
  } finally {
    await browser.close();
    await stopApp(server);
    await removeQuestions(pool).catch((err: unknown) =>
      log(`  the phase's question could not be removed: ${String(err)}`),
    );
  }
}
