import type { Logger } from 'pino';
import type { EventBus } from '../../adapters/events/types';
import type { Database } from '../../db/client';
import { journalEvent } from './data';

/**
 * The bus every publisher uses: each event is journaled (so SSE clients can resume, ADR 046), then
 * published. Journaling first means that when the bus rings in any process, the row is there to
 * read. A journal that cannot be written costs resumability, never the event itself.
 */
export function journaledBus(bus: EventBus, db: Database, logger: Logger): EventBus {
  return {
    ...bus,
    async publish(channel, payload) {
      try {
        await journalEvent(db, channel, payload);
      } catch (err) {
        logger.warn({ err, channel }, 'event not journaled; SSE clients will not see it');
      }
      await bus.publish(channel, payload);
    },
  };
}
