import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reviewDraftSchema,
  videoReviewSchema,
  videoReviewsSchema,
} from '../../../contracts/video-review';
import { depsOf, type AppContext } from '../../context';
import { requireUser } from '../auth';
import { createDraft, deleteDraft, listReviews } from './service';

const questionParams = z.object({ id: z.uuid() });
const reviewParams = z.object({ id: z.uuid(), reviewId: z.uuid() });
/** `videoReviewApiPaths.reviews` and `.review` with Fastify's parameters (the builders encode ':'). */
const reviewsPath = '/api/questions/:id/reviews';
const reviewPath = '/api/questions/:id/reviews/:reviewId';

/**
 * The question's video reviews (issue 38): its Coach saves drafts and deletes them; both people
 * read what they may see. Drafts are sent by the answer's and the follow-up answer's own routes.
 */
export const videoReviewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth } = ctx;

  app.get(
    reviewsPath,
    { schema: { params: questionParams, response: { 200: videoReviewsSchema } } },
    async (request) => {
      const user = await requireUser(auth, request);
      return listReviews(depsOf(ctx, request.log), user, request.params.id);
    },
  );

  app.post(
    reviewsPath,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        params: questionParams,
        body: reviewDraftSchema,
        response: { 201: videoReviewSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      const draft = await createDraft(
        depsOf(ctx, request.log),
        user,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(draft);
    },
  );

  app.delete(
    reviewPath,
    { schema: { params: reviewParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      const { id, reviewId } = request.params;
      await deleteDraft(depsOf(ctx, request.log), user, id, reviewId);
      return reply.code(204).send(null);
    },
  );
};
