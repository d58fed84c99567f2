/**
 * Frame arithmetic for the studio's stepping (ADR 092). `requestVideoFrameCallback` tells the
 * presentation time (`mediaTime`) of the frame on screen; a step seeks from that frame's own time,
 * never from a grid starting at 0: a clip's first frame need not be at 0 (a browser's recording
 * starts at tens of milliseconds) and its frames need not come at an even pace.
 */

export function frameIndex(mediaTime: number, frameRate: number): number {
  // A presentation time a hair below the frame's start (3 / 30 read back as 0.09999…) is that frame.
  return Math.max(0, Math.floor(mediaTime * frameRate + 1e-3));
}

/**
 * Where to seek to show the frame `step` frames after (negative: before) the one shown, whose own
 * presentation time is `shown`, kept within the clip: half a frame period past where that frame
 * should start, so a frame up to half a period early or late is still the one shown.
 */
export function stepTarget(
  shown: number,
  frameRate: number,
  step: number,
  durationSeconds: number,
): number {
  const target = shown + (step + 0.5) / frameRate;
  const end = Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : Infinity;
  return Math.min(end, Math.max(0, target));
}

/** The presentation time of the frame a step's seek to `target` shows: half a period before it. */
export const shownByTarget = (target: number, frameRate: number) =>
  Math.max(0, target - 0.5 / frameRate);

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
