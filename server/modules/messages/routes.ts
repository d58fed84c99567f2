import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendMessageSchema } from '../../../contracts/question-thread';
import { reportSchema } from '../../../contracts/questions';
import { depsOf, type AppContext } from '../../context';
import { requireUser } from '../auth';
import { reportMessage, sendMessage } from './service';

const questionParams = z.object({ id: z.uuid() });
const messageParams = z.object({ id: z.uuid(), messageId: z.uuid() });

/**
 * The conversation's writes (ADR 058). The thread itself is read with the question page, in its
 * one statement; who may send what is decided by the service, for the question's two people only.
 */
export const messageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth, config } = ctx;

  app.post(
    '/api/questions/:id/messages',
    {
      config: { rateLimit: { max: config.MESSAGE_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        params: questionParams,
        body: sendMessageSchema,
        response: { 201: z.object({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      const sent = await sendMessage(
        depsOf(ctx, request.log),
        user,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(sent);
    },
  );

  app.post(
    '/api/questions/:id/messages/:messageId/reports',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { params: messageParams, body: reportSchema, response: { 201: z.null() } },
    },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      const { id, messageId } = request.params;
      await reportMessage(depsOf(ctx, request.log), user, id, messageId, request.body);
      return reply.code(201).send(null);
    },
  );
};
