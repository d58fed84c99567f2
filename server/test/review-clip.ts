import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A tiny review recording as Chromium's MediaRecorder makes one (issue 38): WebM with VP8 and
 * Opus, 320×240 at 30 fps, 2 s, made with Debian's ffmpeg at `file` (once per test file).
 */
export async function makeReviewClip(file: string) {
  await run('ffmpeg', [
    ...['-nostdin', '-y', '-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=30', '-f', 'lavfi', '-i', 'sine'],
    ...['-t', '2', '-c:v', 'libvpx', '-b:v', '200k', '-c:a', 'libopus', file],
  ]);
  return readFile(file);
}

/**
 * A clip timed as a browser's MediaRecorder times it: WebM whose stream declares 1000 fps (its
 * millisecond timebase) while its frames come about 50 a second, unevenly; 2 s, no audio.
 */
export async function makeBrowserTimedClip(file: string) {
  await run('ffmpeg', [
    ...['-nostdin', '-y', '-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=1000', '-t', '2'],
    // Every 33rd and every 47th millisecond's frame: 102 frames at uneven gaps.
    ...['-vf', "select='not(mod(n\\,33))+not(mod(n\\,47))'", '-fps_mode', 'passthrough'],
    ...['-c:v', 'libvpx', '-b:v', '200k', file],
  ]);
}
