import { describe, expect, it } from 'vitest';
import { clipAt, stageLayout } from './stage-layout';

const hd = { width: 1920, height: 1080 };
const portrait = { width: 1080, height: 1920 };

describe("the stage's layout", () => {
  it('fills the canvas with one frame at its aspect ratio, in even pixels', () => {
    expect(stageLayout(hd, null, 'side')).toMatchObject({
      width: 1280,
      height: 720,
      main: { x: 0, y: 0, width: 1280, height: 720 },
      compare: null,
    });
    expect(stageLayout(portrait, null, 'side')).toMatchObject({ width: 720, height: 1280 });
  });

  it('puts two clips side by side in halves, and an overlaid one inside the main frame', () => {
    const side = stageLayout(hd, portrait, 'side');
    expect(side.width).toBe(1280);
    expect(side.compare!.x).toBeGreaterThanOrEqual(640);
    expect(side.main.x + side.main.width).toBeLessThanOrEqual(640);
    const overlay = stageLayout(hd, hd, 'overlay');
    expect(overlay.compare).toEqual(overlay.main);
  });

  it('tells which clip a point is on, as a fraction of its frame', () => {
    const side = stageLayout(hd, hd, 'side');
    const onCompare = clipAt(side, 960, side.compare!.y + side.compare!.height / 2, 'side');
    expect(onCompare?.clip).toBe('compare');
    expect(onCompare?.point.x).toBeCloseTo(0.5);
    expect(clipAt(side, 320, side.main.y + 1, 'side')?.clip).toBe('main');
    // Above the main frame, in the band a taller compared clip leaves.
    const mixed = stageLayout(hd, portrait, 'side');
    expect(clipAt(mixed, 320, 1, 'side')).toBeNull();
    expect(clipAt(stageLayout(hd, hd, 'overlay'), 10, 10, 'overlay', 'compare')?.clip).toBe(
      'compare',
    );
  });
});
