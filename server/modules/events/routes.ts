import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';

const KEEP_ALIVE_MS = 25_000;

/**
 * Server-Sent Events: tells browsers when Coaches change so lists refetch (spec §2 'The Coach list
 * refetches when the experts data changes'). Events carry no data beyond their name.
 */
export const eventRoutes: FastifyPluginAsync<AppContext> = async (app, { bus }) => {
  app.get('/api/events', { schema: { hide: true } }, (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const unsubscribe = bus.subscribe('experts.changed', () => {
      res.write('event: experts.changed\ndata: {}\n\n');
    });
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    request.raw.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
    });
  });
};
