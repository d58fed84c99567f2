import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInProcessBus } from '../adapters/events/in-process';
import { CHANGE_CACHE_TTL_MS, cachedPerCoach, type Grouped } from './until-changed';

/** A load that counts its calls and answers what `coaches` says when it is called. */
function counter(coaches: Record<string, string>) {
  const calls: string[] = [];
  const load = async (key: string): Promise<Grouped<string> | null> => {
    calls.push(key);
    const group = coaches[key];
    return group ? { group, value: `${key}@${calls.length}` } : null;
  };
  return { calls, load };
}

const change = { questionId: 'q', playerId: 'p' };

/** The cache with one load for every key, as a route uses it. */
function perCoach<T>(
  bus: ReturnType<typeof createInProcessBus>,
  load: (key: string) => Promise<Grouped<T> | null>,
  max: number,
) {
  const get = cachedPerCoach<T>(bus, max);
  return (key: string) => get(key, () => load(key));
}

describe('cachedPerCoach', () => {
  afterEach(() => vi.useRealTimers());

  it('loads a key once, and again after its Coach or one of their questions changes', async () => {
    const bus = createInProcessBus();
    const { calls, load } = counter({ lee: 'u1', 'coach-lee': 'u1', kim: 'u2' });
    const get = perCoach(bus, load, 10);
    await get('lee');
    await get('coach-lee');
    await get('kim');
    await get('lee');
    expect(calls).toEqual(['lee', 'coach-lee', 'kim']);

    await bus.publish('questions.changed', { ...change, coachUserId: 'u1' });
    await get('lee');
    await get('coach-lee');
    await get('kim');
    expect(calls).toEqual(['lee', 'coach-lee', 'kim', 'lee', 'coach-lee']);

    await bus.publish('coaches.changed', { userId: 'u2' });
    await get('kim');
    expect(calls.at(-1)).toBe('kim');
    expect(calls).toHaveLength(6);
  });

  it('does not keep unknown keys or failed loads', async () => {
    const bus = createInProcessBus();
    const { calls, load } = counter({});
    const get = perCoach(bus, load, 10);
    expect(await get('nobody')).toBeNull();
    expect(await get('nobody')).toBeNull();
    expect(calls).toHaveLength(2);

    let fail = true;
    const flaky = perCoach(
      bus,
      async () => {
        if (fail) throw new Error('database down');
        return { group: 'u1', value: 'ok' };
      },
      10,
    );
    await expect(flaky('lee')).rejects.toThrow('database down');
    fail = false;
    expect((await flaky('lee'))?.value).toBe('ok');
  });

  it('serves but does not keep a load that was reading while something changed', async () => {
    const bus = createInProcessBus();
    let release!: () => void;
    const loads: number[] = [];
    const get = perCoach(
      bus,
      async () => {
        loads.push(loads.length);
        if (loads.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return { group: 'u1', value: `v${loads.length}` };
      },
      10,
    );
    const first = get('lee');
    await bus.publish('questions.changed', { ...change, coachUserId: 'u1' });
    release();
    expect((await first)?.value).toBe('v1');
    expect((await get('lee'))?.value).toBe('v2');
    expect((await get('lee'))?.value).toBe('v2');
  });

  it('holds at most max entries and reloads after the safety period', async () => {
    vi.useFakeTimers();
    const bus = createInProcessBus();
    const { calls, load } = counter({ a: 'u1', b: 'u2', c: 'u3' });
    const get = perCoach(bus, load, 2);
    await get('a');
    await get('b');
    await get('c'); // pushes out a, the oldest
    await get('b');
    await get('a');
    expect(calls).toEqual(['a', 'b', 'c', 'a']);

    vi.advanceTimersByTime(CHANGE_CACHE_TTL_MS + 1);
    await get('a');
    expect(calls).toEqual(['a', 'b', 'c', 'a', 'a']);
  });
});
