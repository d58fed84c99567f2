import { describe, expect, it } from 'vitest';
import { inTurn, poolPerActor } from './write-turns';

describe('the write benchmarks hand out prepared questions (issue 37)', () => {
  it('in turn over the actors, each question once', () => {
    const turns = inTurn([
      ['a1', 'a2'],
      ['b1', 'b2'],
      ['c1', 'c2'],
    ]);
    const taken = Array.from({ length: 6 }, () => turns.next());
    expect(taken).toEqual([
      { actor: 0, row: 'a1' },
      { actor: 1, row: 'b1' },
      { actor: 2, row: 'c1' },
      { actor: 0, row: 'a2' },
      { actor: 1, row: 'b2' },
      { actor: 2, row: 'c2' },
    ]);
    expect(turns.repeats()).toBe(0);
  });

  it('count the requests that had to take a question a second time', () => {
    const turns = inTurn([['a1'], ['b1']]);
    for (let i = 0; i < 5; i++) turns.next();
    expect(turns.next()).toEqual({ actor: 1, row: 'b1' });
    expect(turns.repeats()).toBe(4);
  });

  it('refuse an actor without questions', () => {
    expect(() => inTurn([['a1'], []])).toThrow(/at least one/);
    expect(() => inTurn([])).toThrow(/at least one/);
  });

  it('prepare enough for the rate over warm-up and measurement, rounded up per actor', () => {
    expect(poolPerActor(1500, 18, 50)).toBe(540);
    expect(poolPerActor(1000, 10, 3)).toBe(3334);
  });
});
