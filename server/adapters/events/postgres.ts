import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from 'pino';
import type { BusChannel, BusEvents, EventBus } from './types';

const PG_CHANNEL = 'playbook_events';
const RECONNECT_MS = 1000;

interface Envelope {
  /** The publishing process, which has delivered the event to its own subscribers already. */
  origin: string;
  channel: BusChannel;
  payload: unknown;
}

/**
 * Fan-out through PostgreSQL LISTEN/NOTIFY, so every process serving browsers hears every event
 * (design.md §2). Each process holds one dedicated connection; local subscribers hang off an
 * EventEmitter. The publishing process delivers to its own subscribers at once, before the round
 * trip, so its read caches are dropped before the request that made the change answers (ADR 022);
 * its own notification is then ignored.
 */
export async function createPostgresBus(url: string, logger: Logger): Promise<EventBus> {
  const origin = randomUUID();
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel !== PG_CHANNEL || !message.payload) return;
      try {
        const envelope = JSON.parse(message.payload) as Envelope;
        if (envelope.origin !== origin) emitter.emit(envelope.channel, envelope.payload);
      } catch (err) {
        logger.warn({ err }, 'unreadable bus notification');
      }
    });
    next.on('error', (err) => {
      logger.warn({ err }, 'event bus connection lost; reconnecting');
      client = null;
      void next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
    });
    await next.connect();
    // A NOTIFY commits like any write, and PostgreSQL holds one global queue lock from the NOTIFY
    // until the commit is flushed: waiting for the disk would let only one notification through
    // per flush, for the whole cluster. Events are notifications, not data (a lost one costs a
    // refresh), so this connection does not wait for the flush.
    await next.query('SET synchronous_commit = off');
    await next.query(`LISTEN ${PG_CHANNEL}`);
    client = next;
  };
  await connect();

  return {
    async publish<C extends BusChannel>(channel: C, payload: BusEvents[C]) {
      emitter.emit(channel, payload);
      // A request still finishing while the process shuts down has committed its change; failing
      // it now over a notification would turn that success into an error.
      if (closed) return;
      if (!client) {
        logger.warn({ channel }, 'event bus not connected; other processes miss this event');
        return;
      }
      await client.query('SELECT pg_notify($1, $2)', [
        PG_CHANNEL,
        JSON.stringify({ origin, channel, payload } satisfies Envelope),
      ]);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await client?.end();
    },
  };
}
