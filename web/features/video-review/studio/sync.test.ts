import { describe, expect, it } from 'vitest';
import { compareTimeFor, syncOf } from './sync';

describe('sync points', () => {
  it('keeps the compared clip at the same offset from its sync point as the main clip', () => {
    const sync = { syncMain: 2000, syncCompare: 500 };
    expect(compareTimeFor(2000, sync)).toBe(500);
    expect(compareTimeFor(2500, sync)).toBe(1000);
    expect(compareTimeFor(0, sync)).toBe(0);
    expect(compareTimeFor(0, { syncMain: 0, syncCompare: 1200 })).toBe(1200);
  });

  it('links the clips only once both points are set', () => {
    expect(syncOf(1000, null)).toBeNull();
    expect(syncOf(null, 0)).toBeNull();
    expect(syncOf(0, 0)).toEqual({ syncMain: 0, syncCompare: 0 });
  });
});
