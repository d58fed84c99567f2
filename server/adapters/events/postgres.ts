import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { BusChannel, BusEvents, EventBus } from './types';

const PG_CHANNEL = 'playbook_events';
const RECONNECT_MS = 1000;
/**
 * Longest wait to connect, or for the server to take a batch of notifications. Past it the
 * connection is given up and replaced, and the batch's publishers carry on as when the bus is not
 * connected: their changes are committed (ADR 045).
 */
export const NOTIFY_TIMEOUT_MS = 5000;

interface Envelope {
  /** The publishing process, which has delivered the event to its own subscribers already. */
  origin: string;
  channel: BusChannel;
  payload: unknown;
}

/**
 * Fan-out through PostgreSQL LISTEN/NOTIFY, so every process serving browsers hears every event
 * (ADR 012). Each process holds one dedicated connection; local subscribers hang off an
 * EventEmitter. The publishing process delivers to its own subscribers at once, before the round
 * trip, so its public read caches are dropped before the request that made the change answers;
 * its own notification is then ignored.
 *
 * Notifications go out one statement at a time on that connection: those published while one is
 * in flight wait and then leave together, as one `pg_notify` per envelope in a single statement. A
 * burst of writes costs a few round trips instead of one each, and the connection never has two
 * queries at once (node-postgres queues them today and refuses them from pg@9). PostgreSQL delivers
 * identical notifications of one statement once, which is all a listener needs of an identical
 * event.
 */
export async function createPostgresBus(url: string, logger: Logger): Promise<EventBus> {
  const origin = randomUUID();
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;
  /** Envelopes waiting for the statement in flight to return, with their publishers' promises. */
  let waiting: { envelope: string; sent: () => void; failed: (err: unknown) => void }[] = [];
  let sending = false;

  /** Tries again until the database answers: a bus that stopped retrying would stay deaf. */
  const reconnectLater = () => {
    if (!closed) setTimeout(() => void connect().catch(reconnectLater), RECONNECT_MS);
  };
  const lose = (gone: pg.Client, err: unknown) => {
    if (client !== gone) return;
    logger.warn({ err }, 'event bus connection lost; reconnecting');
    client = null;
    void gone.end().catch(() => undefined);
    reconnectLater();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: NOTIFY_TIMEOUT_MS,
      query_timeout: NOTIFY_TIMEOUT_MS,
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.channel !== PG_CHANNEL || !message.payload) return;
      try {
        const envelope = JSON.parse(message.payload) as Envelope;
        if (envelope.origin !== origin) emitter.emit(envelope.channel, envelope.payload);
      } catch (err) {
        logger.warn({ err }, 'unreadable bus notification');
      }
    });
    next.on('error', (err) => lose(next, err));
    try {
      await next.connect();
      // A NOTIFY commits like any write, and PostgreSQL holds one global queue lock from the NOTIFY
      // until the commit is flushed: waiting for the disk would let only one notification through
      // per flush, for the whole cluster. Events are notifications, not data (a lost one costs a
      // refresh), so this connection does not wait for the flush.
      await next.query('SET synchronous_commit = off');
      await next.query(`LISTEN ${PG_CHANNEL}`);
    } catch (err) {
      void next.end().catch(() => undefined);
      throw err;
    }
    client = next;
  };
  await connect();

  /** Sends what is waiting, one statement per batch, until nothing is left. */
  const sendWaiting = async (): Promise<void> => {
    sending = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const connection = client;
      try {
        if (!connection) {
          logger.warn('event bus not connected; other processes miss these events');
        } else {
          await connection.query(
            'SELECT pg_notify($1, envelope) FROM unnest($2::text[]) AS envelope',
            [PG_CHANNEL, batch.map((b) => b.envelope)],
          );
        }
        for (const b of batch) b.sent();
      } catch (err) {
        if (connection && isDatabaseUnavailable(err)) {
          // The connection, not the events, failed: as when not connected, the publishers go on.
          lose(connection, err);
          for (const b of batch) b.sent();
        } else {
          for (const b of batch) b.failed(err);
        }
      }
    }
    sending = false;
  };

  return {
    async publish<C extends BusChannel>(channel: C, payload: BusEvents[C]) {
      emitter.emit(channel, payload);
      // A request still finishing while the process shuts down has committed its change; failing
      // it now over a notification would turn that success into an error.
      if (closed) return;
      const envelope = JSON.stringify({ origin, channel, payload } satisfies Envelope);
      const published = new Promise<void>((sent, failed) =>
        waiting.push({ envelope, sent, failed }),
      );
      if (!sending) void sendWaiting();
      await published;
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
