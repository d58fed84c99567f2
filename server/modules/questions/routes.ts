import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  askHeadersSchema,
  askQuestionSchema,
  coachInboxQuerySchema,
  coachInboxSchema,
  playerQuestionsQuerySchema,
  playerQuestionsSchema,
  questionDetailSchema,
  ratingSchema,
  reportSchema,
  reviewSchema,
} from '../../../contracts/questions';
import { disputeStatementSchema } from '../../../contracts/disputes';
import { declineSchema, disputeSchema } from '../../../contracts/question-states';
import { writeDisputeStatement } from './dispute-statement';
import { depsOf, type AppContext } from '../../context';
import { requireRole, requireUser } from '../auth';
import {
  answerQuestion,
  askQuestion,
  declineQuestion,
  flagDispute,
  markViewed,
  rateAnswer,
  reportAnswer,
  reviewAnswer,
  withdrawQuestion,
} from './service';
import { questionViews } from './views';
import { sendJsonText } from '../../spliced-json';

const idParams = z.object({ id: z.uuid() });
const noContent = { 204: z.null() };

export const questionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth, config } = ctx;
  const { db } = ctx.database;
  const views = questionViews(auth, db);

  app.post(
    '/api/questions',
    {
      config: { rateLimit: { max: config.QUESTION_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        body: askQuestionSchema,
        headers: askHeadersSchema,
        response: { 201: z.object({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      const user = await requireRole(auth, request, 'asker');
      const created = await askQuestion(
        depsOf(ctx, request.log),
        user,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/questions/unread-count',
    { schema: { response: { 200: z.object({ count: z.number().int() }) } } },
    async (request) => ({ count: await views.unreadCount(request) }),
  );

  app.get(
    '/api/questions/:id',
    // The body is JSON text (ADR 072): the schema documents it, the tests hold the body to it.
    { schema: { params: idParams, response: { 200: questionDetailSchema } } },
    async (request, reply) => sendJsonText(reply, await views.detail(request, request.params.id)),
  );

  app.post(
    '/api/questions/:id/answer',
    { schema: { params: idParams, body: answerSchema, response: noContent } },
    async (request, reply) => {
      const user = await requireRole(auth, request, 'expert');
      await answerQuestion(
        depsOf(ctx, request.log),
        user,
        request.params.id,
        request.body.answer,
        request.body.attachmentIds,
        request.body.reviewIds,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/questions/:id/viewed',
    { schema: { params: idParams, response: noContent } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await markViewed(depsOf(ctx, request.log), user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/questions/:id/rating',
    { schema: { params: idParams, body: ratingSchema, response: noContent } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await rateAnswer(depsOf(ctx, request.log), user, request.params.id, request.body.isHelpful);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/questions/:id/review',
    { schema: { params: idParams, body: reviewSchema, response: noContent } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await reviewAnswer(depsOf(ctx, request.log), user, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/questions/:id/reports',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { params: idParams, body: reportSchema, response: { 201: z.null() } },
    },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await reportAnswer(depsOf(ctx, request.log), user, request.params.id, request.body);
      return reply.code(201).send(null);
    },
  );

  app.post(
    '/api/questions/:id/dispute',
    { schema: { params: idParams, body: disputeSchema, response: noContent } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await flagDispute(depsOf(ctx, request.log), user, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  // The Coach's statement on an open dispute, rewritable until it is resolved (ADR 063).
  app.put(
    '/api/questions/:id/dispute/statement',
    { schema: { params: idParams, body: disputeStatementSchema, response: noContent } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await writeDisputeStatement(depsOf(ctx, request.log), user, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/questions/:id/decline',
    // The note is optional, so the body may be left out altogether.
    { schema: { params: idParams, body: declineSchema.nullish(), response: noContent } },
    async (request, reply) => {
      const user = await requireRole(auth, request, 'expert');
      const input = request.body ?? { note: null };
      await declineQuestion(depsOf(ctx, request.log), user, request.params.id, input);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/questions/:id/withdraw',
    { schema: { params: idParams, response: noContent } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await withdrawQuestion(depsOf(ctx, request.log), user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/questions/coach-inbox',
    { schema: { querystring: coachInboxQuerySchema, response: { 200: coachInboxSchema } } },
    async (request, reply) =>
      sendJsonText(
        reply,
        await views.coachInbox(
          request,
          request.query.filter,
          request.query.sort,
          request.query.cursor,
        ),
      ),
  );

  app.get(
    '/api/questions/mine',
    {
      schema: { querystring: playerQuestionsQuerySchema, response: { 200: playerQuestionsSchema } },
    },
    async (request, reply) =>
      sendJsonText(reply, await views.playerQuestions(request, request.query.cursor)),
  );
};
