import type { Logger } from 'pino';
import type { EventBus } from '../../adapters/events/types';
import type { Database } from '../../db/client';
import { journalAfter, journalBounds, type JournalEvent } from './data';

/** Rows read from the journal per statement. */
const PAGE = 200;
/** More missed events than this and a resuming client is told to refetch everything instead. */
const MOST_MISSED = 1000;

/** One process's view of the event journal, handed to its SSE streams in id order. */
export interface EventFeed {
  /** The id of the last event handed to listeners. */
  position(): number;
  /** Returns the function that stops listening. */
  listen(listener: (event: JournalEvent) => void): () => void;
  /**
   * The events after `afterId` (a client's Last-Event-ID), or null when they cannot all be given:
   * pruned already, too many, or an id this journal never issued.
   */
  missedSince(afterId: number): Promise<JournalEvent[] | null>;
  stop(): void;
}

/**
 * The bus is the doorbell and the journal the mailbox: any event, and the bus coming back from an
 * outage, makes the feed read the journal past its position, once per burst however many rang.
 * Events from every process arrive this way, in one order, with the ids clients resume from.
 */
export async function createEventFeed(
  db: Database,
  bus: EventBus,
  logger: Pick<Logger, 'warn'>,
): Promise<EventFeed> {
  let position = (await journalBounds(db)).last ?? 0;
  const listeners = new Set<(event: JournalEvent) => void>();
  let reading = false;
  let rungWhileReading = false;
  /** Logged once until a read succeeds again, not once per event. */
  let failing = false;

  const read = async () => {
    if (reading) {
      rungWhileReading = true;
      return;
    }
    reading = true;
    try {
      do {
        rungWhileReading = false;
        let page: JournalEvent[];
        do {
          page = await journalAfter(db, position, PAGE);
          for (const event of page) {
            position = event.id;
            for (const listener of listeners) listener(event);
          }
        } while (page.length === PAGE);
      } while (rungWhileReading);
      failing = false;
    } catch (err) {
      if (!failing)
        logger.warn({ err }, 'event journal unreadable; reading again at the next event');
      failing = true;
    } finally {
      reading = false;
    }
  };
  const ring = () => void read();
  const stops = [
    bus.subscribe('coaches.changed', ring),
    bus.subscribe('questions.changed', ring),
    bus.subscribe('sessions.ended', ring),
    bus.onReconnect(ring),
  ];

  return {
    position: () => position,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async missedSince(afterId) {
      const { first, last } = await journalBounds(db);
      if (first === null || last === null) return afterId === position ? [] : null;
      if (afterId < first - 1 || afterId > last) return null;
      const missed = await journalAfter(db, afterId, MOST_MISSED + 1);
      return missed.length > MOST_MISSED ? null : missed;
    },
    stop() {
      for (const stop of stops) stop();
      listeners.clear();
    },
  };
}
