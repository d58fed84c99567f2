import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { BusChannel, BusEvents, EventBus } from './types';

const PG_CHANNEL = 'playbook_events';
/** How the LISTEN connection names itself in pg_stat_activity. */
export const BUS_APPLICATION_NAME = 'playbook-events';
/** Reconnect back-off: the first retry, doubling up to the cap, each with up to 50% jitter. */
const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 10_000;
/**
 * A connection or a notification that takes longer has stalled (a network that drops packets):
 * the connection is given up and reopened, and the publishers go on (ADR 045).
 */
export const NOTIFY_TIMEOUT_MS = 5000;
/** Events held while disconnected, sent on reconnect; beyond this the oldest are dropped. */
const MOST_HELD = 1000;

interface Envelope {
  /** The publishing process, which has delivered the event to its own subscribers already. */
  origin: string;
  channel: BusChannel;
  payload: unknown;
}

type Waiting = { envelope: string; sent: () => void; failed: (err: unknown) => void };

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
 *
 * A lost connection is reopened with growing back-off until it answers, however long the outage
 * (ADR 046); meanwhile `connected()` is false, the loss is logged once, and published events are
 * held and sent once it is back, so the other processes hear them late rather than never.
 */
export async function createPostgresBus(url: string, logger: Logger): Promise<EventBus> {
  const origin = randomUUID();
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const reconnected = new EventEmitter();
  reconnected.setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let failedAttempts = 0;
  /** Envelopes waiting for the statement in flight to return, with their publishers' promises. */
  let waiting: Waiting[] = [];
  /** Envelopes published while disconnected; their publishers were answered already. */
  let held: string[] = [];
  let sending = false;

  const open = async (): Promise<pg.Client> => {
    const next = new pg.Client({
      connectionString: url,
      application_name: BUS_APPLICATION_NAME,
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
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      // A NOTIFY commits like any write, and PostgreSQL holds one global queue lock from the NOTIFY
      // until the commit is flushed: waiting for the disk would let only one notification through
      // per flush, for the whole cluster. Events are notifications, not data (a lost one costs a
      // refresh), so this connection does not wait for the flush.
      await next.query('SET synchronous_commit = off');
      await next.query(`LISTEN ${PG_CHANNEL}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    return next;
  };

  /** The current connection died: log it once and start reconnecting. */
  const lost = (which: pg.Client, err?: Error) => {
    if (client !== which) return;
    client = null;
    void which.end().catch(() => undefined);
    if (closed) return;
    logger.warn({ err }, 'event bus connection lost; reconnecting');
    retryLater();
  };

  const retryLater = () => {
    const backOff = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** failedAttempts);
    const delayMs = Math.round(backOff * (1 + Math.random() / 2));
    failedAttempts += 1;
    retryTimer = setTimeout(() => void reconnect(), delayMs);
  };

  const reconnect = async () => {
    retryTimer = null;
    let next: pg.Client;
    try {
      next = await open();
    } catch (err) {
      logger.debug({ err, failedAttempts }, 'event bus reconnect failed; retrying');
      if (!closed) retryLater();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    failedAttempts = 0;
    logger.info('event bus reconnected');
    if (held.length > 0) {
      waiting.push(...held.map((envelope) => ({ envelope, sent: () => {}, failed: () => {} })));
      held = [];
      if (!sending) void sendWaiting();
    }
    reconnected.emit('reconnected');
  };

  client = await open();

  /** Sends what is waiting, one statement per batch, until nothing is left. */
  const sendWaiting = async (): Promise<void> => {
    sending = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const hold = () => {
        if (held.length === 0) logger.warn('event bus not connected; holding events until it is');
        held.push(...batch.map((b) => b.envelope));
        held = held.slice(-MOST_HELD);
      };
      const connection = client;
      try {
        if (!connection) hold();
        else
          await connection.query(
            'SELECT pg_notify($1, envelope) FROM unnest($2::text[]) AS envelope',
            [PG_CHANNEL, batch.map((b) => b.envelope)],
          );
        for (const b of batch) b.sent();
      } catch (err) {
        if (connection && isDatabaseUnavailable(err)) {
          // The connection failed, not the events: they wait for the next one, and the publishers,
          // whose changes are committed, go on.
          lost(connection, err as Error);
          hold();
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
    connected: () => client !== null,
    onReconnect(listener) {
      reconnected.on('reconnected', listener);
      return () => reconnected.off('reconnected', listener);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      emitter.removeAllListeners();
      reconnected.removeAllListeners();
      await client?.end();
    },
  };
}
