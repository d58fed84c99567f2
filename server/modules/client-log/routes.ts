import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFoundReportSchema } from '../../../contracts/client-log';

/** The browser reports paths no route matched, so they reach the server log. */
export const clientLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/not-found-reports',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: notFoundReportSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      request.log.warn({ path: request.body.path }, 'page not found');
      return reply.code(204).send(null);
    },
  );
};
