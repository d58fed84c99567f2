import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema';

/** Longer than any limit's window, so pruning never cuts a window short. */
export const LONGEST_WINDOW_MS = 60 * 60 * 1000;

/** One request counted against a key: how many its window holds now, and when that window ends. */
export interface Hit {
  count: number;
  resetInMs: number;
}

/**
 * Counts a request in one statement, so that concurrent requests of any process each get their
 * own count. The database's clock decides the windows: the processes' clocks may disagree.
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<Hit> {
  const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({
      count: rateLimits.count,
      resetInMs: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimits.windowStart} + make_interval(secs => ${windowMs / 1000}) - now()) * 1000))::int`,
    });
  if (!row) throw new Error('rate limit upsert returned no row');
  return row;
}

/** Forgets windows long over; a key seen again starts afresh either way. */
export async function pruneRateLimits(db: Database): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(
      lt(rateLimits.windowStart, sql`now() - make_interval(secs => ${LONGEST_WINDOW_MS / 1000})`),
    )
    .returning({ key: rateLimits.key });
  return removed.length;
}
