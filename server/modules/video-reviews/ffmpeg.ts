import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { refuseInsideTransaction } from '../../db/open-transaction';

/**
 * Debian's ffmpeg (`apt-get install -y ffmpeg`, ADR 090), run as a child process: no shell, no
 * reading from stdin (`-nostdin`), overwriting its own temporary outputs (`-y`).
 */
export const FFMPEG = 'ffmpeg';
export const FFMPEG_MISSING =
  'ffmpeg is not installed, so review videos cannot be prepared: install it with `apt-get install -y ffmpeg` (README, Prerequisites).';

/** What a review video becomes (ADR 090): H.264 and AAC in a fast-start MP4, plays everywhere. */
export const REVIEW_VIDEO_OUTPUT = {
  maxWidth: 1280,
  posterMaxWidth: 640,
  /** Where the poster frame is taken from, in seconds (the first frame for a shorter clip). */
  posterAtSeconds: 1,
  preset: 'veryfast',
  crf: 23,
  audioBitrate: '128k',
} as const;

/** The poster's width for a video this wide (posterFrame's scale), or its most without one. */
export const posterWidth = (videoWidth: number | null) =>
  Math.floor(Math.min(REVIEW_VIDEO_OUTPUT.posterMaxWidth, videoWidth ?? Infinity) / 2) * 2;

export class FfmpegMissing extends Error {
  constructor() {
    super(FFMPEG_MISSING);
    this.name = 'FfmpegMissing';
  }
}

/** The last part of ffmpeg's error output: enough to say why it failed, in one log line. */
const STDERR_KEPT = 2000;

/**
 * Runs ffmpeg with `args`; each line it writes to stdout (`-progress pipe:1`) goes to `onLine`.
 * Rejects with the end of its error output when it exits with anything but 0, and with
 * FfmpegMissing when there is no ffmpeg to run.
 */
export function runFfmpeg(args: readonly string[], onLine?: (line: string) => void) {
  refuseInsideTransaction('Running ffmpeg');
  return new Promise<void>((resolve, reject) => {
    const child = spawn(FFMPEG, ['-nostdin', '-y', '-hide_banner', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: false,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    const lines = createInterface({ input: child.stdout });
    if (onLine) lines.on('line', onLine);
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new FfmpegMissing() : error),
    );
    child.on('close', (code, signal) => {
      lines.close();
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${code ?? signal}: ${stderr.trim()}`));
    });
  });
}

/** Whether ffmpeg can be run here. */
export async function ffmpegInstalled() {
  try {
    await runFfmpeg(['-version']);
    return true;
  } catch {
    return false;
  }
}

/** `-progress`'s position line: microseconds of output written so far. */
const OUT_TIME = /^out_time_us=(\d+)$/;

/**
 * Transcodes `input` to the review video at `output`: H.264 (libx264, veryfast, CRF 23, yuv420p,
 * its frames at their own times) at most 1280 px wide with even sides and its aspect kept, AAC at 128 kb/s, no metadata, the
 * index first (`+faststart`) so playback starts before the whole file arrives. `onProgress` gets
 * 0..1 against `durationMs`.
 */
export async function transcodeToMp4(
  input: string,
  output: string,
  durationMs: number,
  onProgress: (fraction: number) => void,
) {
  const o = REVIEW_VIDEO_OUTPUT;
  await runFfmpeg(
    [
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-vf',
      `scale='trunc(min(${o.maxWidth},iw)/2)*2':-2,setsar=1`,
      '-c:v',
      'libx264',
      '-preset',
      o.preset,
      '-crf',
      String(o.crf),
      '-pix_fmt',
      'yuv420p',
      // A browser's recording declares 1000 fps (its WebM has millisecond timestamps and no frame
      // duration): a constant-rate MP4 of it repeated each frame into every millisecond, 180,000
      // frames for 3 minutes, and transcoded at a tenth of real time. Each frame is kept once.
      '-fps_mode',
      'vfr',
      '-c:a',
      'aac',
      '-b:a',
      o.audioBitrate,
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-progress',
      'pipe:1',
      '-nostats',
      output,
    ],
    (line) => {
      const match = OUT_TIME.exec(line.trim());
      if (match && durationMs > 0) onProgress(Math.min(1, Number(match[1]) / 1000 / durationMs));
    },
  );
}

/** The poster frame: a JPEG of the frame at 1 s (the first for a shorter video), ≤ 640 px wide. */
export async function posterFrame(video: string, output: string, durationMs: number) {
  const o = REVIEW_VIDEO_OUTPUT;
  const at = durationMs > o.posterAtSeconds * 1000 ? o.posterAtSeconds : 0;
  await runFfmpeg([
    '-ss',
    String(at),
    '-i',
    video,
    '-frames:v',
    '1',
    '-vf',
    `scale='trunc(min(${o.posterMaxWidth},iw)/2)*2':-2`,
    '-q:v',
    '4',
    '-map_metadata',
    '-1',
    '-f',
    'image2',
    output,
  ]);
}
