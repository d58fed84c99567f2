import { describe, expect, it } from 'vitest';
import { frameIndex, lastFrameIndex, loopJump, loopRange, stepTarget } from './frames';

describe('frame stepping', () => {
  it('steps a 60 fps clip by 1/60 s, to the middle of the next frame', () => {
    // Frame 30 of a 60 fps clip starts at 0.5 s.
    expect(stepTarget(0.5, 60, 1, 10)).toBeCloseTo(31.5 / 60, 9);
    expect(stepTarget(0.5, 60, -1, 10)).toBeCloseTo(29.5 / 60, 9);
    expect(frameIndex(stepTarget(0.5, 60, 1, 10), 60)).toBe(31);
  });

  it('reads a presentation time rounded a hair low as its own frame, so no step repeats one', () => {
    expect(frameIndex(0.09999999, 30)).toBe(3);
    expect(frameIndex(3 / 30, 30)).toBe(3);
    expect(frameIndex(0.1 + 1 / 60, 30)).toBe(3);
  });

  it('walks every frame once, forward then back, at the 29.97 fps of a phone clip', () => {
    const rate = 30000 / 1001;
    let time = 0;
    const seen: number[] = [];
    for (let i = 0; i < 100; i++) {
      time = stepTarget(time, rate, 1, 10);
      seen.push(frameIndex(time, rate));
    }
    expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    for (let i = 0; i < 100; i++) time = stepTarget(time, rate, -1, 10);
    expect(frameIndex(time, rate)).toBe(0);
  });

  it('stays within the clip: not before the first frame, not past the last', () => {
    expect(stepTarget(0, 30, -1, 2)).toBeCloseTo(0.5 / 30, 9);
    expect(lastFrameIndex(2, 30)).toBe(59);
    expect(frameIndex(stepTarget(59 / 30, 30, 1, 2), 30)).toBe(59);
    // A duration not yet known (a recording's WebM) does not stop it.
    expect(frameIndex(stepTarget(59 / 30, 30, 1, Infinity), 30)).toBe(60);
  });
});

describe('a loop', () => {
  it('orders its ends and needs both', () => {
    expect(loopRange(3, 1)).toEqual({ start: 1, end: 3 });
    expect(loopRange(1, null)).toBeNull();
    expect(loopRange(2, 2)).toBeNull();
  });

  it('goes back to its start once past its end, and from outside it', () => {
    const loop = { start: 1, end: 3 };
    expect(loopJump(2, loop)).toBeNull();
    expect(loopJump(3, loop)).toBe(1);
    expect(loopJump(0.5, loop)).toBe(1);
    expect(loopJump(5, null)).toBeNull();
  });
});

describe('a measured frame rate', () => {
  it('is the common rate it is within 2 % of: 16 and 17 ms gaps make 60 fps', async () => {
    const { commonRate } = await import('./clip-controller');
    expect(commonRate(1 / ((16 + 17 + 17) / 3000))).toBe(60);
    expect(commonRate(29.9)).toBeCloseTo(30000 / 1001, 9);
    expect(commonRate(15)).toBe(15);
  });
});
