import { describe, expect, it } from 'vitest';
import { DecodedFrames } from './decoded-frames';
import { stepTarget } from './frames';

/** Frames starting at `starts`, each lasting until the next (the last one period), pictured by index. */
function framesOf(starts: number[], rate: number) {
  return starts.map((timestamp, i) => ({
    timestamp,
    duration: (starts[i + 1] ?? timestamp + 1 / rate) - timestamp,
    picture: i,
  }));
}

function cacheOf(starts: number[], rate: number, limit = starts.length) {
  const released: number[] = [];
  const cache = new DecodedFrames<number>(limit, (picture) => released.push(picture));
  for (const frame of framesOf(starts, rate)) cache.add(frame);
  return { cache, released };
}

/** Steps `times` times by `step` from frame `from`, each from the decoded frame then shown. */
function walk(starts: number[], rate: number, step: number, times: number, from: number) {
  const { cache } = cacheOf(starts, rate);
  const end = starts.at(-1)! + 1 / rate;
  const seen: number[] = [];
  let shown = starts[from]!;
  for (let i = 0; i < times; i++) {
    const frame = cache.at(stepTarget(shown, rate, step, end));
    if (!frame) throw new Error(`no decoded frame after ${shown}`);
    shown = frame.timestamp;
    seen.push(frame.picture);
  }
  return seen;
}

const even = (rate: number, count: number) => Array.from({ length: count }, (_, i) => i / rate);
const upFrom = (first: number, count: number) => Array.from({ length: count }, (_, i) => first + i);
const downFrom = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => first - i);

describe('decoded frames', () => {
  it.each([
    ['29.97', 30000 / 1001],
    ['30', 30],
    ['60', 60],
  ])('step to the adjacent frame of a %s fps clip, forward then back', (_, rate) => {
    const starts = even(rate, 121);
    expect(walk(starts, rate, 1, 120, 0)).toEqual(upFrom(1, 120));
    expect(walk(starts, rate, -1, 120, 120)).toEqual(downFrom(119, 120));
  });

  it("step to the adjacent frame of a browser's recording: first frame at 49 ms, frames uneven", () => {
    const rate = 10.265;
    const jitter = [0, 0.012, -0.01, 0.006, -0.012, 0.009, 0, -0.004, 0.011, -0.008];
    const starts = Array.from({ length: 20 }, (_, i) => 0.049 + i / rate + jitter[i % 10]!);
    expect(walk(starts, rate, 1, 19, 0)).toEqual(upFrom(1, 19));
    expect(walk(starts, rate, -1, 19, 19)).toEqual(downFrom(18, 19));
  });

  it('steps frame by frame through a recording that held one frame for several periods', () => {
    // A 10.28 fps recording made on a busy machine: frame 2 stays 0.4 s, where a step by the
    // mean rate (1.5 periods, 0.146 s) lands inside it again (the browser test saw this).
    const rate = 10.28;
    const starts = [0.049, 0.146, 0.195, 0.595, 0.692, 0.789];
    const { cache } = cacheOf(starts, rate);
    const seen: number[] = [];
    let shown = starts[0]!;
    for (let i = 0; i < 5; i++) {
      shown = cache.stepped(shown, 1)!;
      seen.push(cache.at(shown)!.picture);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(cache.at(cache.stepped(starts[3]!, -2)!)!.picture).toBe(1);
    expect(cache.stepped(starts[5]!, 1)).toBeNull();
    expect(cache.stepped(starts[0]!, -1)).toBeNull();
  });

  it('leaves the frame shown when the next one is not decoded and the rate would land inside it', () => {
    const rate = 10.32;
    // Only the first frame is decoded, held 0.3 s; a step by the rate (0.145 s) stays inside it.
    const { cache } = cacheOf([0, 0.3], rate, 2);
    const only = new DecodedFrames<number>(1, () => undefined);
    only.add(cache.at(0)!);
    expect(only.stepped(0, 1)).toBeNull();
    expect(only.outside(0, 1, stepTarget(0, rate, 1, 2))).toBeCloseTo(0.301, 9);
    expect(only.outside(0.1, -1, 0)).toBe(0);
    // A target already past the frame, or no frame decoded there, is left as it is.
    expect(only.outside(0, 1, 0.5)).toBe(0.5);
    expect(only.outside(0.4, 1, 0.55)).toBe(0.55);
  });

  it('does not step over a frame that was not decoded', () => {
    const cache = new DecodedFrames<number>(30, () => undefined);
    for (const frame of framesOf(even(30, 8), 30)) if (frame.picture !== 4) cache.add(frame);
    expect(cache.at(cache.stepped(2.5 / 30, 1)!)!.picture).toBe(3);
    expect(cache.stepped(3.5 / 30, 1)).toBeNull();
    expect(cache.stepped(5.5 / 30, -1)).toBeNull();
  });

  it('finds the frame shown at a time, and none where no frame was decoded', () => {
    const { cache } = cacheOf(even(60, 60).slice(10, 20), 60);
    expect(cache.at(15 / 60)?.picture).toBe(5);
    expect(cache.at(15.5 / 60)?.picture).toBe(5);
    expect(cache.at(9.5 / 60)).toBeNull();
    expect(cache.at(20.5 / 60)).toBeNull();
  });

  it('tells the run without gaps around a frame, so a gap is never stepped over', () => {
    const cache = new DecodedFrames<number>(30, () => undefined);
    for (const frame of framesOf(even(30, 20), 30)) {
      if (frame.picture < 10 || frame.picture >= 12) cache.add(frame);
    }
    // Frames 10 and 11 were never decoded: a time inside them has no frame to show.
    expect(cache.at(10.5 / 30)).toBeNull();
    const run = cache.span(5.5 / 30)!;
    expect(run.before).toBe(5);
    expect(run.after).toBe(4);
    expect(run.start).toBe(0);
    expect(run.end).toBeCloseTo(10 / 30, 9);
    expect(cache.span(14.5 / 30)).toMatchObject({ before: 2, after: 5 });
    expect(cache.span(14.5 / 30)!.start).toBeCloseTo(12 / 30, 9);
    expect(cache.span(10.5 / 30)).toBeNull();
  });

  it('keeps a frame decoded twice once, releasing the copy', () => {
    const { cache, released } = cacheOf(even(30, 5), 30);
    cache.add({ timestamp: 2 / 30, duration: 1 / 30, picture: 99 });
    expect(cache.size).toBe(5);
    expect(released).toEqual([99]);
    expect(cache.at(2.5 / 30)?.picture).toBe(2);
  });

  it('releases the frames farthest from the one on screen, down to its limit', () => {
    const { cache, released } = cacheOf(even(60, 40), 60, 40);
    const more = new DecodedFrames<number>(10, (picture) => released.push(picture));
    for (const frame of framesOf(even(60, 40), 60)) more.add(frame);
    more.evict(30 / 60);
    expect(more.size).toBe(10);
    // Frames 25 to 34 stay, centred on frame 30; the other 30 are released.
    expect(more.at(24.5 / 60)).toBeNull();
    expect(more.at(25.5 / 60)?.picture).toBe(25);
    expect(more.at(34.5 / 60)?.picture).toBe(34);
    expect(more.at(35.5 / 60)).toBeNull();
    expect(released.sort((a, b) => a - b)).toEqual([...upFrom(0, 25), ...upFrom(35, 5)]);
    cache.evict(0);
    expect(cache.size).toBe(40);
  });

  it('releases every frame when cleared', () => {
    const { cache, released } = cacheOf(even(30, 8), 30);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(released).toHaveLength(8);
    expect(cache.at(0.1)).toBeNull();
  });
});
