import { describe, expect, it } from 'vitest';
import { frameIndex, loopJump, loopRange, shownByTarget, stepTarget } from './frames';

/** The frame a browser shows at `time`: the last whose presentation time is not after it. */
const shownAt = (frames: number[], time: number) =>
  frames.filter((start) => start <= time + 1e-9).at(-1) ?? frames[0]!;

/** Steps `times` times by `step` from the first frame, each from the frame then shown. */
function walk(frames: number[], rate: number, step: number, times: number, from = frames[0]!) {
  const seen: number[] = [];
  let shown = from;
  for (let i = 0; i < times; i++) {
    shown = shownAt(frames, stepTarget(shown, rate, step, frames.at(-1)! + 1 / rate));
    seen.push(frames.indexOf(shown));
  }
  return seen;
}

describe('frame stepping', () => {
  it('steps a 60 fps clip by 1/60 s from the frame shown', () => {
    expect(stepTarget(0.5, 60, 1, 10)).toBeCloseTo(0.5 + 1.5 / 60, 9);
    expect(frameIndex(stepTarget(0.5, 60, 1, 10), 60)).toBe(31);
    expect(frameIndex(stepTarget(0.5, 60, -1, 10), 60)).toBe(29);
  });

  it('reads a presentation time rounded a hair low as its own frame', () => {
    expect(frameIndex(0.09999999, 30)).toBe(3);
    expect(frameIndex(3 / 30, 30)).toBe(3);
    expect(frameIndex(0.1 + 1 / 60, 30)).toBe(3);
  });

  it('walks every frame once, forward then back, at the 29.97 fps of a phone clip', () => {
    const rate = 30000 / 1001;
    const frames = Array.from({ length: 101 }, (_, i) => i / rate);
    expect(walk(frames, rate, 1, 100)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(walk(frames, rate, -1, 100, frames[100])).toEqual(
      Array.from({ length: 100 }, (_, i) => 99 - i),
    );
  });

  it("walks every frame of a browser's recording: first frame at 49 ms, frames not evenly paced", () => {
    // 10.265 fps on average, as the file's own rate read; each frame up to 12 ms early or late.
    const rate = 10.265;
    const jitter = [0, 0.012, -0.01, 0.006, -0.012, 0.009, 0, -0.004, 0.011, -0.008];
    const frames = Array.from({ length: 20 }, (_, i) => 0.049 + i / rate + jitter[i % 10]!);
    expect(walk(frames, rate, 1, 19)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    expect(walk(frames, rate, -1, 19, frames[19])).toEqual(
      Array.from({ length: 19 }, (_, i) => 18 - i),
    );
  });

  it('stays within the clip: not before the first frame, not past the last', () => {
    expect(stepTarget(0, 30, -1, 2)).toBe(0);
    expect(shownByTarget(stepTarget(0.5, 30, 1, 2), 30)).toBeCloseTo(0.5 + 1 / 30, 9);
    expect(stepTarget(59 / 30, 30, 1, 2)).toBe(2);
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
