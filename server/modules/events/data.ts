import { asc, gt, lt, max, min, sql } from 'drizzle-orm';
import type { BusChannel, BusEvents } from '../../adapters/events/types';
import type { Database } from '../../db/client';
import { eventJournal } from '../../db/schema';

/** One published event as the journal keeps it: its id orders it among every process's events. */
export type JournalEvent = {
  [C in BusChannel]: { id: number; channel: C; payload: BusEvents[C] };
}[BusChannel];

/** Any fixed key: journal writers take it in turn (ADR 046). */
const JOURNAL_LOCK = 460_046;

/** An event to journal: a channel and its payload. */
export type Publication = { [C in BusChannel]: { channel: C; payload: BusEvents[C] } }[BusChannel];

/**
 * Journals events, in the order given, in one statement. The advisory lock, held until the insert
 * commits, makes ids commit in order, so a reader that has seen id n never later finds a smaller id
 * appearing: a reader trusts "everything up to n" and would otherwise skip a row committed late.
 */
export async function journalEvents(db: Database, events: Publication[]): Promise<void> {
  await db.transaction(async (tx) => {
    // A journal row is a notification, not data (a lost one costs a refetch): the lock is not
    // held through a wait for the disk.
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`select pg_advisory_xact_lock(${JOURNAL_LOCK})`);
    await tx.insert(eventJournal).values(events);
  });
}

/** Events after `afterId`, oldest first, at most `limit`. */
export async function journalAfter(
  db: Database,
  afterId: number,
  limit: number,
): Promise<JournalEvent[]> {
  const rows = await db
    .select({ id: eventJournal.id, channel: eventJournal.channel, payload: eventJournal.payload })
    .from(eventJournal)
    .where(gt(eventJournal.id, afterId))
    .orderBy(asc(eventJournal.id))
    .limit(limit);
  return rows as JournalEvent[];
}

/** The first and last ids the journal still holds (both null when it is empty). */
export async function journalBounds(
  db: Database,
): Promise<{ first: number | null; last: number | null }> {
  const [row] = await db
    .select({ first: min(eventJournal.id), last: max(eventJournal.id) })
    .from(eventJournal);
  return { first: row?.first ?? null, last: row?.last ?? null };
}

/**
 * How long events stay resumable: a browser away longer (a laptop asleep) refetches everything
 * instead, which it can afford once.
 */
const JOURNAL_KEEP_MINUTES = 10;

/** Drops events past their keeping time; returns how many. Any process may run it. */
export async function pruneEventJournal(db: Database): Promise<number> {
  const removed = await db
    .delete(eventJournal)
    .where(lt(eventJournal.createdAt, sql`now() - make_interval(mins => ${JOURNAL_KEEP_MINUTES})`))
    .returning({ id: eventJournal.id });
  return removed.length;
}
