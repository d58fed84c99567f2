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
    const fps = 60;
    // Drawn in the studio after stepping to frame 90 (its middle, 1.508 s).
    const drawnAt = Math.round(stepTarget(1.49, fps, 1, 10) * 1000);
    const drawing = arrow(drawnAt, null);
    // Frame 90 on screen: its presentation time (1.5 s) and the time after a step into it agree.
    expect(showsAt(drawing, frameTimeMs(1.5, fps))).toBe(true);
    expect(showsAt(drawing, frameTimeMs(1.508333, fps))).toBe(true);
    // Frame 89: not yet, whether read by its start or its end.
    expect(showsAt(drawing, frameTimeMs(89 / 60, fps))).toBe(false);
    expect(showsAt(drawing, frameTimeMs(1.4999, fps))).toBe(false);
  });

  it('hides a held drawing after its last frame', () => {
    const drawing = arrow(frameTimeMs(1, 30), frameTimeMs(2, 30));
    expect(showsAt(drawing, frameTimeMs(2.01, 30))).toBe(true);
    expect(showsAt(drawing, frameTimeMs(2.04, 30))).toBe(false);
  });

  it("steps at the clip's own rate, else the fallback", () => {
    expect(frameRateOf({ frameRate: 59.94 })).toBe(59.94);
    expect(frameRateOf({ frameRate: null })).toBe(FALLBACK_FRAME_RATE);
    // One frame forward from the middle of frame 30 of a 60 fps clip: frame 31's middle.
    expect(stepTarget(frameTimeMs(0.5, 60) / 1000, 60, 1, 10)).toBeCloseTo(31.5 / 60, 6);
    expect(stepTarget(0.5 + 0.25 / 60, 60, -1, 10)).toBeCloseTo(29.5 / 60, 6);
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
