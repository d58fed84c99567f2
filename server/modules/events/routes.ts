import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { sessionUser } from '../auth';

const KEEP_ALIVE_MS = 25_000;

/**
 * Server-Sent Events: tells browsers when Coaches change so lists refetch (spec §2 'The Coach list
 * refetches when the experts data changes'), and a signed-in user when one of their questions changes
 * (the inbox badge, spec §4). Events carry no data beyond their name.
 */
export const eventRoutes: FastifyPluginAsync<AppContext> = async (app, { bus, auth }) => {
  app.get('/api/events', { schema: { hide: true } }, async (request, reply) => {
    const user = await sessionUser(auth, request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const unsubscribe = bus.subscribe('coaches.changed', () => {
      res.write('event: coaches.changed\ndata: {}\n\n');
    });
    const unsubscribeQuestions = user
      ? bus.subscribe('questions.changed', ({ playerId, coachUserId }) => {
          if (playerId === user.id || coachUserId === user.id) {
            res.write('event: questions.changed\ndata: {}\n\n');
          }
        })
      : () => undefined;
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    request.raw.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      unsubscribeQuestions();
    });
  });
};
