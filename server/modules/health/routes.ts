import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { RETRY_AFTER_SECONDS } from '../../plugins/error-handler';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      // Answers within the ping's own timeout, whatever the database does (ADR 045).
      const up = await database.ping();
      if (!up) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
  );
};
