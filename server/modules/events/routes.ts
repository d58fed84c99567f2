import type { FastifyPluginAsync } from 'fastify';
import { OWN_CHANGE } from '../../../contracts/api-paths';
import type { AppContext } from '../../context';
import { sessionToken, sessionUser } from '../auth';
import type { JournalEvent } from './data';
import { createEventFeed } from './feed';

const KEEP_ALIVE_MS = 25_000;
const RETRY_MS = 3000;
/** A stream ended by a shutdown asks its browser back after 1–3 s, spread so they do not all return at once. */
const retryAfterShutdownMs = () => 1000 + Math.round(Math.random() * 2000);
const EVENT_ID = /^\d{1,15}$/;

/**
 * Server-Sent Events: tells browsers when Coaches change so lists refetch (spec §2 'The Coach list
 * refetches when the experts data changes'), and a signed-in user when one of their questions changes
 * (the inbox badge, spec §4). Events carry no data beyond their name, and the journal's id: a browser
 * that reconnects sends the last one as Last-Event-ID and receives what it missed, published by
 * whichever process (ADR 046). A shutting-down process ends every stream with a retry hint. A
 * signed-in stream ends as soon as the session it was opened with does (issue 36): sign-out,
 * revocation, a password change, suspension or deletion announces 'sessions.ended' for the person
 * in the journal, and each of their streams, in every process, looks its session up again.
 */
export const eventRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { bus, auth, database, lifecycle, metrics },
) => {
  const feed = await createEventFeed(database.db, bus, app.log);
  app.addHook('onClose', async () => feed.stop());

  app.get('/api/events', { schema: { hide: true } }, async (request, reply) => {
    const user = await sessionUser(auth, request);
    const token = user ? await sessionToken(auth, request) : null;
    const concerns = (event: JournalEvent) =>
      event.channel === 'coaches.changed' ||
      (user !== null &&
        event.channel === 'questions.changed' &&
        (event.payload.playerId === user.id || event.payload.coachUserId === user.id));

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    // Writes that come after the stream ended (the browser left, or a shutdown ended it) are dropped.
    const write = (text: string) => {
      if (!res.writableEnded) res.write(text);
    };
    const endForShutdown = () => {
      if (!res.writableEnded) res.end(`retry: ${retryAfterShutdownMs()}\n\n`);
    };
    if (lifecycle.draining()) {
      endForShutdown();
      return;
    }

    let lastSent = feed.position();
    const send = (event: JournalEvent) => {
      if (event.id <= lastSent) return;
      lastSent = event.id;
      if (!concerns(event)) return;
      // A change to the viewer's own Coach row says so: their own pages (the payment set-up's
      // status, the profile) refetch too, not only the Coach lists (issue 36).
      const own =
        event.channel === 'coaches.changed' && user !== null && event.payload.userId === user.id;
      write(`id: ${event.id}\nevent: ${event.channel}\ndata: ${own ? OWN_CHANGE : '{}'}\n\n`);
    };
    // Live events wait here while the missed ones are read, so they go out in order after them.
    let held: JournalEvent[] | null = [];
    const stopListening = feed.listen((event) => (held ? held.push(event) : send(event)));
    const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    const stopOnDrain = lifecycle.onDrain(endForShutdown);
    // One of the person's sessions ended: this stream ends too if it was opened with it, or if
    // that cannot be told (the database not answering; the browser's reconnection asks again).
    const endIfSignedOut = async () => {
      const live = token ? await auth.findViewer(token).catch(() => null) : null;
      if (!live && !res.writableEnded) res.end();
    };
    const stopWatching = user
      ? feed.listen((event) => {
          if (event.channel === 'sessions.ended' && event.payload.userId === user.id) {
            void endIfSignedOut();
          }
        })
      : () => undefined;
    // The sse_connections gauge (ADR 051): up while the stream is open, down once when it closes.
    metrics.sseOpened();
    request.raw.on('close', () => {
      metrics.sseClosed();
      clearInterval(keepAlive);
      stopListening();
      stopOnDrain();
      stopWatching();
    });

    const lastEventId = request.headers['last-event-id'];
    if (typeof lastEventId === 'string' && EVENT_ID.test(lastEventId)) {
      const missed = await feed.missedSince(Number(lastEventId)).catch(() => null);
      if (missed) {
        lastSent = Number(lastEventId);
        missed.forEach(send);
      } else {
        // Some of what it missed is gone: everything it shows may be stale, so it refetches all.
        write('event: coaches.changed\ndata: {}\n\n');
        if (user) write('event: questions.changed\ndata: {}\n\n');
      }
    }
    held.forEach(send);
    held = null;
    // The id alone, no event: the browser resumes from here if it has to reconnect, even when none
    // of the events so far concerned it.
    write(`retry: ${RETRY_MS}\nid: ${lastSent}\n\n`);
  });
};
