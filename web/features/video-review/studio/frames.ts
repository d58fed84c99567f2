/**
 * Frame arithmetic for the studio's stepping (ADR 092). `requestVideoFrameCallback` tells the
 * presentation time (`mediaTime`) of the frame on screen; stepping seeks to the middle of the
 * neighbouring frame, so the browser's rounding of a seek can neither skip nor repeat a frame.
 */

/** The index of the frame whose presentation time is `mediaTime` seconds. */
export function frameIndex(mediaTime: number, frameRate: number): number {
  // A presentation time a hair below the frame's start (3 / 30 read back as 0.09999…) is that frame.
  return Math.max(0, Math.floor(mediaTime * frameRate + 1e-3));
}

/** The last frame's index of a clip `durationSeconds` long, or Infinity while it is unknown. */
export function lastFrameIndex(durationSeconds: number, frameRate: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return Infinity;
  return Math.max(0, Math.ceil(durationSeconds * frameRate - 1e-3) - 1);
}

/** The middle of frame `index`, in seconds: where a seek shows exactly that frame. */
export const frameMiddle = (index: number, frameRate: number) => (index + 0.5) / frameRate;

/**
 * Where to seek to show the frame `step` frames after (negative: before) the one shown at
 * `mediaTime`, kept within the clip.
 */
export function stepTarget(
  mediaTime: number,
  frameRate: number,
  step: number,
  durationSeconds: number,
): number {
  const last = lastFrameIndex(durationSeconds, frameRate);
  const index = Math.min(last, Math.max(0, frameIndex(mediaTime, frameRate) + step));
  return frameMiddle(index, frameRate);
}

/** A loop's range in seconds, in order; null while either end is missing or they coincide. */
export function loopRange(
  start: number | null,
  end: number | null,
): { start: number; end: number } | null {
  if (start === null || end === null || start === end) return null;
  return start < end ? { start, end } : { start: end, end: start };
}

/** Where playback goes next inside a loop: back to its start once past its end, else nowhere. */
export function loopJump(time: number, loop: { start: number; end: number } | null): number | null {
  if (!loop) return null;
  return time >= loop.end || time < loop.start ? loop.start : null;
}
