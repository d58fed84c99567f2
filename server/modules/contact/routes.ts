import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactSchema } from '../../../contracts/contact';
import type { AppContext } from '../../context';
import { insertContactMessage } from './data';

export const contactRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  app.post(
    '/api/contact',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { body: contactSchema, response: { 201: z.object({ id: z.string() }) } },
    },
    async (request, reply) => {
      const id = await insertContactMessage(database.db, request.body);
      request.log.info(
        { contactMessageId: id, topic: request.body.topic },
        'contact message stored',
      );
      return reply.code(201).send({ id });
    },
  );
};
