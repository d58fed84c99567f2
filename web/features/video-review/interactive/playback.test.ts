import { describe, expect, it } from 'vitest';
import type { Compare, Drawing } from '@contracts/video-review';
import { FALLBACK_FRAME_RATE } from '@contracts/video-review';
import { showsAt } from '../render-drawings';
import { stepTarget } from '../studio/frames';
import { compareSecondsAt, compareWaits, frameRateOf, frameTimeMs, percentBox } from './playback';

const compare = (syncMain: number, syncCompare: number): Compare => ({
  origin: 'reference',
  attachmentId: '00000000-0000-4000-8000-000000000001',
  syncMain,
  syncCompare,
  layout: 'side',
  opacity: 0.5,
});
const arrow = (from: number, to: number | null): Drawing => ({
  id: 'd1',
  tool: 'arrow',
  colour: '#ff3b30',
  width: 6,
  points: [
    { x: 0.1, y: 0.1 },
    { x: 0.5, y: 0.5 },
  ],
  clip: 'main',
  from,
  to,
});

describe('the interactive review: which drawings show on the frame on screen', () => {
  it('shows a drawing from the frame it was drawn on, not on the frame before', () => {
    // Drawn in the studio on the frame presented at 1.5 s of a 60 fps clip whose frames start at 49 ms.
    const drawing = arrow(Math.floor(1.5 * 1000), null);
    expect(showsAt(drawing, frameTimeMs(1.5))).toBe(true);
    expect(showsAt(drawing, frameTimeMs(1.5 + 1 / 60))).toBe(true);
    // The frame before: not yet.
    expect(showsAt(drawing, frameTimeMs(1.5 - 1 / 60))).toBe(false);
  });

  it('hides a held drawing after its last frame', () => {
    const drawing = arrow(frameTimeMs(1), frameTimeMs(2));
    expect(showsAt(drawing, frameTimeMs(2))).toBe(true);
    expect(showsAt(drawing, frameTimeMs(2 + 1 / 30))).toBe(false);
  });

  it("steps at the clip's own rate, else the fallback", () => {
    expect(frameRateOf({ frameRate: 59.94 })).toBe(59.94);
    expect(frameRateOf({ frameRate: null })).toBe(FALLBACK_FRAME_RATE);
    // One frame forward from the frame shown at 0.5 s of a 60 fps clip: half a period past the next.
    expect(stepTarget(0.5, 60, 1, 10)).toBeCloseTo(0.5 + 1.5 / 60, 6);
    expect(stepTarget(0.5, 60, -1, 10)).toBeCloseTo(0.5 - 0.5 / 60, 6);
  });
});

describe('the compared clip follows the sync points', () => {
  it('is at syncCompare + (main time − syncMain)', () => {
    expect(compareSecondsAt(5, compare(2000, 1000))).toBe(4);
    expect(compareSecondsAt(2, compare(2000, 1000))).toBe(1);
    expect(compareSecondsAt(1, compare(500, 3000))).toBe(3.5);
  });

  it('waits at its start until the main clip reaches it, and stops at its end', () => {
    expect(compareSecondsAt(0.5, compare(2000, 1000))).toBe(0);
    expect(compareWaits(0.5, compare(2000, 1000))).toBe(true);
    expect(compareWaits(1.5, compare(2000, 1000))).toBe(false);
    expect(compareSecondsAt(30, compare(0, 0), 12)).toBe(12);
  });
});

describe('the stage', () => {
  it("places a frame's box as percentages of the stage", () => {
    expect(
      percentBox({ x: 640, y: 0, width: 640, height: 360 }, { width: 1280, height: 720 }),
    ).toEqual({ left: '50%', top: '0%', width: '50%', height: '50%' });
  });
});
