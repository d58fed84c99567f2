/**
 * Which prepared question each request of a write acts on (issue 37): request i is actor i mod n's
 * (one actor per connection, as a Coach is one person) and takes that actor's next question not
 * used yet, so every request does the whole work on a fresh row.
 */
export interface Turns<T> {
  next(): { actor: number; row: T };
  /** Requests that found their actor's questions used up and were given one a second time. */
  repeats(): number;
}

/** Turns over `pools` (each actor's questions, in the order to use them); none may be empty. */
export function inTurn<T>(pools: readonly (readonly T[])[]): Turns<T> {
  if (pools.length === 0 || pools.some((p) => p.length === 0)) {
    throw new Error('every actor needs at least one prepared question');
  }
  let requests = 0;
  let repeats = 0;
  return {
    next() {
      const i = requests++;
      const actor = i % pools.length;
      const pool = pools[actor]!;
      const k = Math.floor(i / pools.length);
      if (k >= pool.length) repeats++;
      return { actor, row: pool[k % pool.length]! };
    },
    repeats: () => repeats,
  };
}

/** Questions to prepare per actor: `perSecond` over the write's warm-up and measurement. */
export const poolPerActor = (perSecond: number, seconds: number, actors: number) =>
  Math.ceil((perSecond * seconds) / actors);
