import type { FastifyReply } from 'fastify';
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
import type { Role } from '../../../contracts/account';
import { declineSchema, disputeSchema } from '../../../contracts/question-states';
import { moneyOf } from '../payments/settlement';
import { accountOf } from '../accounts/service';
import { requireUser } from '../auth/session';
import { cachedPerCoach, cachedPerParticipant, type Grouped } from '../../cache/until-changed';
import { sendSerialised, serialise } from '../../cache/send-serialised';
import type { AppContext } from '../../context';
import { requireRole } from '../auth/guards';
import { expertOf } from '../profiles/require-expert';
import {
  coachInboxPage,
  coachInboxSummary,
  findQuestionDetail,
  playerQuestionsPage,
  threadBetween,
} from './data';
import {
  answerQuestion,
  askQuestion,
  declineQuestion,
  flagDispute,
  markViewed,
  participantRole,
  rateAnswer,
  reportAnswer,
  reviewAnswer,
  unreadCount,
  withdrawQuestion,
} from './service';

type QuestionDetailRow = NonNullable<Awaited<ReturnType<typeof findQuestionDetail>>>;

const idParams = z.object({ id: z.uuid() });
/** Inbox summaries held in memory: one per Coach who opened the inbox lately, a few dozen bytes each. */
const INBOX_SUMMARY_CACHE_SIZE = 10_000;
/**
 * Serialised signed-in views: a page of 20 questions is up to about 20 KB, so at most about 40 MB.
 * Past this many the oldest go first.
 */
const QUESTION_VIEW_CACHE_SIZE = 2_000;
const noContent = { 204: z.null() };

const iso = (date: Date | null) => (date ? date.toISOString() : null);
/** A question row with its times as the contracts send them. */
const withIsoTimes = <T extends { createdAt: Date; answeredAt: Date | null }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  answeredAt: iso(row.answeredAt),
});

export const questionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth, bus, config } = ctx;
  const { db } = ctx.database;
  // Each signed-in view, serialised, until one of its questions or a profile changes (ADR 022).
  const views = cachedPerParticipant<Buffer>(bus, QUESTION_VIEW_CACHE_SIZE);
  /** Sends the view under `key`, built by `build` on a miss (which always finds one or throws). */
  const sendView = async (
    reply: FastifyReply,
    key: string,
    build: () => Promise<Grouped<Buffer>>,
  ) => sendSerialised(reply, (await views(key, build))!.value);

  /** The question page as its participant sees it, checked against the contract and serialised. */
  const questionPage = async (detail: QuestionDetailRow & { viewerRole: Role }) => {
    const { question: q, viewerRole, expert } = detail;
    const thread = await threadBetween(db, q.askerId, q.expertId);
    return serialise(questionDetailSchema, {
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
      disputeUntil: iso(detail.disputeUntil),
      dispute:
        q.disputeFlagged && q.disputeReason
          ? {
              reason: q.disputeReason,
              details: q.disputeDetails,
              at: (q.disputedAt ?? q.answeredAt ?? q.createdAt).toISOString(),
              resolution: q.disputeResolution,
              resolvedAt: iso(q.disputeResolvedAt),
            }
          : null,
      declinedAt: iso(q.declinedAt),
      declineNote: q.declineNote,
      withdrawnAt: iso(q.withdrawnAt),
      viewerRole,
      asker: { id: q.askerId, name: q.askerName, photoUrl: detail.askerPhotoUrl },
      expert,
      // Spec §2: the thread shows only when there is more than one question.
      thread: thread.length > 1 ? thread.map(withIsoTimes) : [],
      myRating: viewerRole === 'asker' ? detail.viewerHelpful : null,
      myReview: detail.review,
    });
  };

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
      const user = await requireRole(auth, db, request, 'asker');
      const account = await accountOf(db, user);
      const created = await askQuestion(
        db,
        bus,
        user,
        account.activeRole,
        request.body,
        request.headers['idempotency-key'],
      );
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
    async (request, reply) => {
      const user = await requireUser(auth, request);
      const { id } = request.params;
      return sendView(reply, `detail:${id}:${user.id}`, async () => {
        const detail = participantRole(await findQuestionDetail(db, id, user.id), user);
        return { group: detail.question.askerId, value: await questionPage(detail) };
      });
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
      await rateAnswer(db, bus, user, request.params.id, request.body.isHelpful);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/questions/:id/review',
    { schema: { params: idParams, body: reviewSchema, response: noContent } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await reviewAnswer(db, bus, user, request.params.id, request.body.rating);
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
    { schema: { params: idParams, body: disputeSchema, response: noContent } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await flagDispute(db, bus, config, user, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/questions/:id/decline',
    // The note is optional, so the body may be left out altogether.
    { schema: { params: idParams, body: declineSchema.nullish(), response: noContent } },
    async (request, reply) => {
      const user = await requireRole(auth, db, request, 'expert');
      const input = request.body ?? { note: null };
      await declineQuestion(moneyOf(ctx, request.log), user, request.params.id, input);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/questions/:id/withdraw',
    { schema: { params: idParams, response: noContent } },
    async (request, reply) => {
      await withdrawQuestion(db, bus, await requireUser(auth, request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // The summary counts all of a Coach's questions (10,000 for the busiest); it is the same on
  // every page and filter, so it is kept until one of the Coach's questions changes (ADR 020).
  const inboxSummaries = cachedPerCoach<Awaited<ReturnType<typeof coachInboxSummary>>>(
    bus,
    INBOX_SUMMARY_CACHE_SIZE,
  );
  app.get(
    '/api/questions/coach-inbox',
    { schema: { querystring: coachInboxQuerySchema, response: { 200: coachInboxSchema } } },
    async (request, reply) => {
      const user = await requireRole(auth, db, request, 'expert');
      const { filter, cursor } = request.query;
      return sendView(reply, `inbox:${user.id}:${filter}:${cursor ?? ''}`, async () => {
        const expert = await expertOf(db, user);
        const [page, summary] = await Promise.all([
          coachInboxPage(db, expert.id, filter, cursor),
          inboxSummaries(expert.id, async () => ({
            group: user.id,
            value: await coachInboxSummary(db, expert.id),
          })),
        ]);
        // The loader always finds a summary; the cache's type allows for loaders that do not.
        const { coachSince, answeredCount, unansweredCount } = summary!.value;
        return {
          group: user.id,
          value: serialise(coachInboxSchema, {
            coachSince: iso(coachSince),
            answeredCount,
            unansweredCount,
            questions: page.rows.map(withIsoTimes),
            nextCursor: page.nextCursor,
          }),
        };
      });
    },
  );

  app.get(
    '/api/questions/mine',
    {
      schema: { querystring: playerQuestionsQuerySchema, response: { 200: playerQuestionsSchema } },
    },
    async (request, reply) => {
      const user = await requireRole(auth, db, request, 'asker');
      const { cursor } = request.query;
      return sendView(reply, `mine:${user.id}:${cursor ?? ''}`, async () => {
        const page = await playerQuestionsPage(db, user.id, cursor);
        return {
          group: user.id,
          value: serialise(playerQuestionsSchema, {
            questions: page.rows.map((q) => ({
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
              disputeFlagged: q.disputeFlagged,
              disputeUntil: iso(q.disputeUntil),
              declinedAt: iso(q.declinedAt),
            })),
            nextCursor: page.nextCursor,
          }),
        };
      });
    },
  );
};
