import type { EventBus } from '../adapters/events/types';
import { GroupedCache } from './grouped';

/**
 * Public reads that every visitor sees alike are kept in memory until the bus says their data
 * changed; the bus reaches every process (LISTEN/NOTIFY on PostgreSQL). Failed loads are not kept.
 */

/** A safety net for changes made outside the app (a seed script on a shared database). */
export const CHANGE_CACHE_TTL_MS = 10_000;

/** One value that depends only on Coach profiles: dropped on `coaches.changed`. */
export function cachedUntilCoachesChange<T>(bus: EventBus, load: () => Promise<T>) {
  let cached: { value: Promise<T>; at: number } | null = null;
  bus.subscribe('coaches.changed', () => {
    cached = null;
  });
  return (): Promise<T> => {
    if (!cached || Date.now() - cached.at > CHANGE_CACHE_TTL_MS) {
      const entry = {
        at: Date.now(),
        value: load().catch((error: unknown) => {
          if (cached === entry) cached = null;
          throw error;
        }),
      };
      cached = entry;
    }
    return cached.value;
  };
}

/** What a grouped load returns: the value and the user id whose changes drop it. */
export interface Grouped<T> {
  group: string;
  value: T;
}
type GroupedLoad<T> = () => Promise<Grouped<T> | null>;

/** Reads through `cache`: each call names how to load its key on a miss; misses are not kept. */
function readThrough<T>(cache: GroupedCache<Grouped<T>>) {
  return async (key: string, load: GroupedLoad<T>): Promise<Grouped<T> | null> => {
    const hit = cache.get(key);
    if (hit) return hit;
    const mark = cache.mark;
    const loaded = await load();
    if (loaded) cache.put(key, loaded, { group: loaded.group, mark });
    return loaded;
  };
}

/**
 * Values keyed by a lookup (a Coach's id or slug), each describing one Coach (the group is the
 * Coach's user id), dropped when that Coach's profile or any of their questions changes
 * (`coaches.changed`, `questions.changed`). Unknown keys are not kept, so they cannot fill memory.
 */
export function cachedPerCoach<T>(bus: EventBus, max: number) {
  const cache = new GroupedCache<Grouped<T>>(max, CHANGE_CACHE_TTL_MS);
  bus.subscribe('coaches.changed', ({ userId }) => cache.drop(userId));
  bus.subscribe('questions.changed', ({ coachUserId }) => cache.drop(coachUserId));
  return readThrough(cache);
}

/**
 * Pages of the Coach directory, keyed by their search, filters, sort and cursor: all dropped when
 * any profile changes (`coaches.changed`), so a new Coach, a rename or a new price shows at once.
 * Their figures (stars, helpful %, answers) may lag by up to the TTL (ADR 025).
 */
export function cachedDirectoryPages<T>(bus: EventBus, max: number) {
  const cache = new GroupedCache<Grouped<T>>(max, CHANGE_CACHE_TTL_MS);
  bus.subscribe('coaches.changed', () => cache.clear());
  return readThrough(cache);
}
