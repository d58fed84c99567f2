import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  answerSchema,
  askQuestionSchema,
  coachInboxSchema,
  playerQuestionsSchema,
  questionDetailSchema,
  ratingSchema,
  reportSchema,
  reviewSchema,
} from '../../../contracts/questions';
import { experts, ratings, reviews, userRoles } from '../../db/schema';
import { accountOf } from '../accounts/service';
import { requireUser } from '../auth/session';
import type { AppContext } from '../../context';
import { requireRole } from '../auth/guards';
import { requireExpert } from '../profiles/require-expert';
import { coachInboxQuestions, coachInboxSummary, playerQuestions, threadBetween } from './data';
import {
  answerQuestion,
  askQuestion,
  flagDispute,
  markViewed,
  questionForParticipant,
  rateAnswer,
  reportAnswer,
  reviewAnswer,
  unreadCount,
} from './service';

const idParams = z.object({ id: z.uuid() });
const noContent = { 204: z.null() };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const questionRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { auth, database, bus, config },
) => {
  const { db } = database;

  app.post(
    '/api/questions',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { body: askQuestionSchema, response: { 201: z.object({ id: z.string() }) } },
    },
    async (request, reply) => {
      const user = await requireRole(auth, db, request, 'asker');
      const account = await accountOf(db, user);
      const created = await askQuestion(db, bus, user, account.activeRole, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/questions/unread-count',
    { schema: { response: { 200: z.object({ count: z.number().int() }) } } },
    async (request) => {
      const user = await requireUser(auth, request);
      const account = await accountOf(db, user);
      return { count: account.activeRole ? await unreadCount(db, user.id, account.activeRole) : 0 };
    },
  );

  app.get(
    '/api/questions/:id',
    { schema: { params: idParams, response: { 200: questionDetailSchema } } },
    async (request) => {
      const user = await requireUser(auth, request);
      const { question: q, viewerRole } = await questionForParticipant(db, user, request.params.id);
      const [[expert], [askerRole], thread, [rating], [review]] = await Promise.all([
        db.select().from(experts).where(eq(experts.id, q.expertId)),
        db
          .select({ photoUrl: userRoles.photoUrl })
          .from(userRoles)
          .where(and(eq(userRoles.userId, q.askerId), eq(userRoles.role, 'asker'))),
        threadBetween(db, q.askerId, q.expertId),
        db
          .select({ isHelpful: ratings.isHelpful })
          .from(ratings)
          .where(and(eq(ratings.questionId, q.id), eq(ratings.userId, user.id))),
        db.select({ rating: reviews.rating }).from(reviews).where(eq(reviews.questionId, q.id)),
      ]);
      if (!expert) throw new Error('question without its Coach');
      return {
        id: q.id,
        question: q.question,
        context: q.context,
        answer: q.answer,
        status: q.status,
        paymentStatus: q.paymentStatus,
        amount: q.amount,
        createdAt: q.createdAt.toISOString(),
        answeredAt: iso(q.answeredAt),
        refundedAt: iso(q.refundedAt),
        disputeFlagged: q.disputeFlagged,
        viewerRole,
        asker: { id: q.askerId, name: q.askerName, photoUrl: askerRole?.photoUrl ?? null },
        expert: {
          id: expert.id,
          name: expert.name,
          photoUrl: expert.photoUrl,
          expertise: expert.expertise,
        },
        // Spec §2: the thread shows only when there is more than one question.
        thread:
          thread.length > 1
            ? thread.map((t) => ({
                ...t,
                createdAt: t.createdAt.toISOString(),
                answeredAt: iso(t.answeredAt),
              }))
            : [],
        myRating: viewerRole === 'asker' ? (rating?.isHelpful ?? null) : null,
        myReview: review?.rating ?? null,
      };
    },
  );

  app.post(
    '/api/questions/:id/answer',
    { schema: { params: idParams, body: answerSchema, response: noContent } },
    async (request, reply) => {
      const user = await requireRole(auth, db, request, 'expert');
      await answerQuestion(db, bus, config, user, request.params.id, request.body.answer);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/questions/:id/viewed',
    { schema: { params: idParams, response: noContent } },
    async (request, reply) => {
      await markViewed(db, bus, await requireUser(auth, request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/questions/:id/rating',
    { schema: { params: idParams, body: ratingSchema, response: noContent } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await rateAnswer(db, user, request.params.id, request.body.isHelpful);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/questions/:id/review',
    { schema: { params: idParams, body: reviewSchema, response: noContent } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await reviewAnswer(db, user, request.params.id, request.body.rating);
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
      await reportAnswer(db, user, request.params.id, request.body);
      return reply.code(201).send(null);
    },
  );

  app.post(
    '/api/questions/:id/dispute',
    { schema: { params: idParams, response: noContent } },
    async (request, reply) => {
      await flagDispute(db, await requireUser(auth, request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/questions/coach-inbox',
    { schema: { response: { 200: coachInboxSchema } } },
    async (request) => {
      const { expert } = await requireExpert(auth, db, request);
      const [rows, summary] = await Promise.all([
        coachInboxQuestions(db, expert.id),
        coachInboxSummary(db, expert.id),
      ]);
      return {
        coachSince: iso(summary.coachSince),
        answeredCount: summary.answeredCount,
        unansweredCount: summary.unansweredCount,
        questions: rows.map((q) => ({
          ...q,
          createdAt: q.createdAt.toISOString(),
          answeredAt: iso(q.answeredAt),
        })),
      };
    },
  );

  app.get(
    '/api/questions/mine',
    { schema: { response: { 200: playerQuestionsSchema } } },
    async (request) => {
      const user = await requireRole(auth, db, request, 'asker');
      const rows = await playerQuestions(db, user.id);
      return {
        questions: rows.map((q) => ({
          id: q.id,
          expert: {
            id: q.expertId,
            name: q.expertName,
            photoUrl: q.expertPhotoUrl,
            expertise: q.expertise,
          },
          question: q.question,
          answer: q.answer,
          status: q.status,
          paymentStatus: q.paymentStatus,
          amount: q.amount,
          createdAt: q.createdAt.toISOString(),
          answeredAt: iso(q.answeredAt),
        })),
      };
    },
  );
};
