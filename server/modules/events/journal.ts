import type { Logger } from 'pino';
import type { EventBus } from '../../adapters/events/types';
import type { Database } from '../../db/client';
import { journalEvents, type Publication } from './data';

/**
 * The bus every publisher uses: each event is journaled (so SSE clients can resume, ADR 046), then
 * published. Journaling first means that when the bus rings in any process, the row is there to
 * read. A journal that cannot be written costs resumability, never the event itself.
 *
 * Like the bus's notifications, journal writes go one statement at a time: events published while
 * one is in flight wait and are then written together. A burst of writes costs a few transactions,
 * not one each, and holds one pooled connection, not one per waiting request.
 */
export function journaledBus(bus: EventBus, db: Database, logger: Pick<Logger, 'warn'>): EventBus {
  let waiting: { event: Publication; written: () => void }[] = [];
  let writing = false;

  const writeWaiting = async () => {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await journalEvents(
          db,
          batch.map((b) => b.event),
        );
      } catch (err) {
        logger.warn(
          { err, events: batch.length },
          'events not journaled; SSE clients will not see them',
        );
      }
      for (const b of batch) b.written();
    }
    writing = false;
  };

  return {
    ...bus,
    async publish(channel, payload) {
      await new Promise<void>((written) => {
        waiting.push({ event: { channel, payload } as Publication, written });
        if (!writing) void writeWaiting();
      });
      await bus.publish(channel, payload);
    },
  };
}
