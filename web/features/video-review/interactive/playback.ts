import { FALLBACK_FRAME_RATE, type Compare, type ReviewClip } from '@contracts/video-review';
import type { FrameBox } from '../render-drawings';
import { compareTimeFor } from '../studio/sync';
import type { StageLayout } from '../studio/stage-layout';

/** The interactive review's arithmetic (issue 38), apart from the page so it is tested alone. */

/** The rate a clip steps at: its own, read from its file, else FALLBACK_FRAME_RATE. */
export const frameRateOf = (clip: Pick<ReviewClip, 'frameRate'>) =>
  clip.frameRate ?? FALLBACK_FRAME_RATE;

/**
 * The time (ms) drawings are judged at while the frame at `seconds` is on screen: that frame's own
 * presentation time (requestVideoFrameCallback's `mediaTime`), which is what the studio stored as
 * a drawing's start, so a drawing shows from its frame on and never on the one before.
 */
export const frameTimeMs = (seconds: number) => Math.round(seconds * 1000);

/**
 * Where the compared clip is (seconds) while the Player's is at `mainSeconds`, by the review's sync
 * points, kept within the compared clip (`compareSeconds` long, when known).
 */
export function compareSecondsAt(mainSeconds: number, compare: Compare, compareSeconds?: number) {
  const at = compareTimeFor(mainSeconds * 1000, compare) / 1000;
  return compareSeconds !== undefined && Number.isFinite(compareSeconds)
    ? Math.min(at, compareSeconds)
    : at;
}

/**
 * Whether the compared clip waits at its start: the Player's clip has not reached the moment the
 * compared one starts playing with it (its sync point minus the compared clip's).
 */
export const compareWaits = (mainSeconds: number, compare: Compare) =>
  compare.syncCompare + (mainSeconds * 1000 - compare.syncMain) <= 0;

/**
 * A frame's box on the stage as CSS percentages of the stage, so the video elements sit exactly
 * where the drawings (in the stage canvas's pixels) are drawn, at any size the page gives it.
 */
export function percentBox(box: FrameBox, layout: Pick<StageLayout, 'width' | 'height'>) {
  const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;
  return {
    left: percent(box.x, layout.width),
    top: percent(box.y, layout.height),
    width: percent(box.width, layout.width),
    height: percent(box.height, layout.height),
  };
}
