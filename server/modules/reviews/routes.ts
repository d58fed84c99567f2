import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportSchema } from '../../../contracts/questions';
import { REVIEW_MESSAGES } from '../../../contracts/reviews';
import {
  coachReviewsPageSchema,
  coachReviewsParamsSchema,
  coachReviewsQuerySchema,
  reviewReplySchema,
} from '../../../contracts/reviews-schemas';
import { depsOf, type AppContext } from '../../context';
import { notFound } from '../../errors';
import { requireRole, requireUser } from '../auth';
import { coachReviewsPage, isListedCoach } from './data';
import { replyToReview, reportReview } from './service';

const idParams = z.object({ id: z.uuid() });

export const reviewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth } = ctx;
  const { db } = ctx.database;

  // Public, like the Coach's page that lists them; a deleted Coach's reviews are gone with it.
  app.get(
    '/api/coaches/:coachId/reviews',
    {
      schema: {
        params: coachReviewsParamsSchema,
        querystring: coachReviewsQuerySchema,
        response: { 200: coachReviewsPageSchema },
      },
    },
    async (request) => {
      const { coachId } = request.params;
      if (!(await isListedCoach(db, coachId))) throw notFound(REVIEW_MESSAGES.notFound);
      return coachReviewsPage(db, coachId, request.query.cursor);
    },
  );

  app.post(
    '/api/reviews/:id/reply',
    { schema: { params: idParams, body: reviewReplySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = await requireRole(auth, request, 'expert');
      await replyToReview(depsOf(ctx, request.log), user, request.params.id, request.body.reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/reviews/:id/reports',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { params: idParams, body: reportSchema, response: { 201: z.null() } },
    },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await reportReview(depsOf(ctx, request.log), user, request.params.id, request.body);
      return reply.code(201).send(null);
    },
  );
};
