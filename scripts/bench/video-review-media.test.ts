import { describe, expect, it } from 'vitest';
import {
  CODE_BITS,
  clickOnsets,
  continuity,
  decodeBand,
  syncPhases,
  type CodedFrame,
} from './video-review-media';

/** The band's 4 columns a bit for frame `n`: the middle two white (255) where the bit is set. */
function band(n: number): number[] {
  return Array.from({ length: CODE_BITS * 4 }, (_, i) => {
    const bit = Math.floor(i / 4);
    const inside = i % 4 === 1 || i % 4 === 2;
    return inside && (n >> bit) & 1 ? 255 : 0;
  });
}

/** A recording at 30 fps of a 60 fps clip shown `offset` seconds late, `drift` more each second. */
function recorded(seconds: number, offset: number, drift = 0): CodedFrame[] {
  return Array.from({ length: seconds * 30 }, (_, i) => {
    const time = i / 30;
    const shown = time - offset - drift * time;
    return { time, source: Math.max(0, Math.floor(shown * 60)) };
  });
}

describe("the video review bench's reading of a recording", () => {
  it('reads a frame number from the band, and nothing from a grey one', () => {
    expect(decodeBand(band(0))).toBe(0);
    expect(decodeBand(band(12_345))).toBe(12_345);
    expect(decodeBand(band(12_345).map((v) => (v === 255 ? 128 : v)))).toBeNull();
  });

  it('finds each click where its sound starts', () => {
    const rate = 48_000;
    const samples = new Float32Array(rate * 3);
    for (const at of [0.25, 1.25, 2.25]) {
      for (let i = 0; i < 960; i++) samples[Math.round(at * rate) + i] = Math.sin(i / 3) * 0.5;
    }
    const onsets = clickOnsets(samples, rate);
    expect(onsets).toHaveLength(3);
    onsets.forEach((t, i) => expect(Math.abs(t - (0.25 + i))).toBeLessThan(0.002));
  });

  it('keeps the phase of clicks after the flashes still while sound and picture stay together', () => {
    const clicks = Array.from({ length: 58 }, (_, i) => i + 1.3);
    const sync = syncPhases(recorded(60, 0.1), clicks, 60);
    expect(sync?.clicks).toBe(58);
    expect(sync?.driftMaxMs).toBeLessThan(20);
  });

  it('sees the phase move when the picture falls behind the sound', () => {
    // 2 ms a second: 116 ms over the minute.
    const sync = syncPhases(
      recorded(60, 0.1, 0.002),
      Array.from({ length: 58 }, (_, i) => i + 1.3),
      60,
    );
    expect(sync?.driftMaxMs).toBeGreaterThan(100);
    // The picture shows the clip later and later: each click falls earlier in the clip's second.
    expect(sync?.driftLastMs).toBeLessThan(-100);
  });

  it('counts repeated source frames and jumps past a missed capture', () => {
    const frames: CodedFrame[] = [0, 2, 4, 4, 6, 12, 14, null].map((source, i) => ({
      time: i / 30,
      source,
    }));
    expect(continuity(frames, 4)).toEqual({ repeated: 1, skipped: 1, unreadable: 1 });
  });
});
