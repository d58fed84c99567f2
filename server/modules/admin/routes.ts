import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
  adminLoginResponseSchema,
  adminLoginSchema,
  adminSessionSchema,
  adminStatsSchema,
  totpCodeSchema,
  totpEnrolmentSchema,
} from '../../../contracts/admin';
import { ADMIN_ACTION_MESSAGES, QUESTION_ACTION_NAMES } from '../../../contracts/admin-actions';
import {
  adminDisputesPageSchema,
  adminDisputesQuerySchema,
  adminFailedJobsPageSchema,
  adminFailedJobsQuerySchema,
  jobQueueNameSchema,
  adminMessagesPageSchema,
  adminMessagesQuerySchema,
  adminPaymentsPageSchema,
  adminPaymentsQuerySchema,
  adminQuestionsPageSchema,
  adminQuestionsQuerySchema,
  adminReportsPageSchema,
  adminReportsQuerySchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  adminQuestionThreadSchema,
} from '../../../contracts/admin-data';
import { adminUserDetailSchema, suspensionInputSchema } from '../../../contracts/admin-people';
import { statementRangeSchema } from '../../../contracts/receipts';
import { depsOf, type AppContext } from '../../context';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { statementFileName } from '../payments';
import { dashboardStats } from './data';
import { failedJobsPage, retryFailedJob } from './failed-jobs';
import { requireAdmin } from '../auth';
import { adminDisputeRoutes } from './disputes';
import { actOnQuestion, actOnReview, dismissReport } from './moderation';
import { REVIEW_ACTION_NAMES } from '../../../contracts/reviews';
import { restoreUser, suspendUser, userDetail } from './people';
import { questionThread } from './data/thread';
import {
  auditRateLimitedLogin,
  changeTwoFactor,
  exportStatement,
  login,
  logout,
  setUpTwoFactor,
  type Actor,
} from './service';
import {
  disputesPage,
  messagesPage,
  paymentsPage,
  questionsPage,
  reportsPage,
  usersPage,
} from './tables';

const attempt = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent:
    typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
});
const idParams = z.object({ id: z.uuid() });
const done = { 204: z.null() };

export const adminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { database } = ctx;
  const { db } = database;
  /** The signed-in administrator, as the audit log names them. */
  const actor = async (request: FastifyRequest): Promise<Actor> => {
    const admin = await requireAdmin(db, request);
    return { ...attempt(request), adminId: admin.adminId, username: admin.username };
  };

  // admin-login: a per-address limit on top of the lockout (ADR 038). It is keyed by address, so
  // it never refuses another one, and runs after validation so that its refusals are audited with
  // the username like every other attempt; they never count towards the lockout.
  const rateLimited = new WeakSet<FastifyRequest>();
  app.post(
    '/api/admin/login',
    {
      config: {
        rateLimit: {
          max: ADMIN_LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          onExceeded: (request) => void rateLimited.add(request),
        },
      },
      schema: { body: adminLoginSchema, response: { 200: adminLoginResponseSchema } },
      onSend: async (request, _reply, payload) => {
        if (rateLimited.has(request)) {
          await auditRateLimitedLogin(db, request.body.username, attempt(request));
        }
        return payload;
      },
    },
    async (request) => login(depsOf(ctx, request.log), request.body, attempt(request)),
  );

  // admin-session-validate
  app.get(
    '/api/admin/session',
    { schema: { response: { 200: adminSessionSchema } } },
    async (request) => {
      const admin = await requireAdmin(db, request);
      return { valid: true, username: admin.username, totpEnabled: admin.totpEnabled };
    },
  );

  // Two-factor sign-in (ADR 028): set up, turn on with a code, turn off with a code.
  app.post(
    '/api/admin/totp/setup',
    { schema: { response: { 200: totpEnrolmentSchema } } },
    async (request) => setUpTwoFactor(depsOf(ctx, request.log), await actor(request)),
  );
  for (const [path, turn] of [
    ['/api/admin/totp/enable', 'on'],
    ['/api/admin/totp/disable', 'off'],
  ] as const) {
    const options = {
      schema: { body: totpCodeSchema, response: done },
      // Who is asking comes before what they sent: no token is a 401 whatever the body.
      preValidation: async (request: FastifyRequest) => void (await requireAdmin(db, request)),
    };
    app.post(path, options, async (request, reply) => {
      const admin = await actor(request);
      await changeTwoFactor(depsOf(ctx, request.log), admin, turn, request.body.code);
      return reply.status(204).send(null);
    });
  }

  // admin-logout: the token is revoked on the server.
  app.post(
    '/api/admin/logout',
    { schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      const admin = await requireAdmin(db, request);
      await logout(depsOf(ctx, request.log), {
        ...attempt(request),
        username: admin.username,
        adminId: admin.adminId,
        sessionId: admin.sessionId,
      });
      return reply.code(204).send(null);
    },
  );

  // admin-dashboard-stats
  app.get(
    '/api/admin/stats',
    { schema: { response: { 200: adminStatsSchema } } },
    async (request) => {
      await requireAdmin(db, request);
      return dashboardStats(db);
    },
  );

  // admin-users-data, admin-questions-data, admin-payments-data and the moderation tabs.
  const table = <Q extends z.ZodType, P extends z.ZodType>(
    url: string,
    querystring: Q,
    page: P,
    read: (db: Database, query: z.output<Q>) => Promise<z.input<P>>,
  ) => {
    // Widened for the type provider, which cannot resolve a generic schema; `read` keeps the types.
    const schema: { querystring: z.ZodType; response: { 200: z.ZodType } } = {
      querystring,
      response: { 200: page },
    };
    app.get(url, { schema }, async (request) => {
      await requireAdmin(db, request);
      return read(db, request.query as z.output<Q>);
    });
  };
  table('/api/admin/users', adminUsersQuerySchema, adminUsersPageSchema, usersPage);
  table('/api/admin/questions', adminQuestionsQuerySchema, adminQuestionsPageSchema, questionsPage);
  table('/api/admin/payments', adminPaymentsQuerySchema, adminPaymentsPageSchema, paymentsPage);
  table('/api/admin/reports', adminReportsQuerySchema, adminReportsPageSchema, reportsPage);
  table('/api/admin/disputes', adminDisputesQuerySchema, adminDisputesPageSchema, disputesPage);
  table('/api/admin/messages', adminMessagesQuerySchema, adminMessagesPageSchema, messagesPage);
  table('/api/admin/failed-jobs', adminFailedJobsQuerySchema, adminFailedJobsPageSchema, (db) =>
    failedJobsPage(db, ctx.jobs),
  );

  // Retry of a job or e-mail that gave up (ADR 050), audited.
  app.post(
    '/api/admin/failed-jobs/:queue/:id/retry',
    {
      schema: { params: z.object({ queue: jobQueueNameSchema, id: z.uuid() }), response: done },
    },
    async (request, reply) => {
      const who = await actor(request);
      const deps = { ...depsOf(ctx, request.log), jobs: ctx.jobs };
      await retryFailedJob(deps, who, request.params.queue, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // Every payment and payout within a date range as CSV (ADR 056); each export is audited.
  app.get(
    '/api/admin/statement',
    {
      schema: { querystring: statementRangeSchema },
      // Who is asking comes before what they sent: no token is a 401 whatever the range.
      preValidation: async (request: FastifyRequest) => void (await requireAdmin(db, request)),
    },
    async (request, reply) => {
      const csv = await exportStatement(db, await actor(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${statementFileName(request.query)}"`)
        .send(csv);
    },
  );

  // A question's whole conversation, for a dispute or a report (issue 23, ADR 066); its files
  // come from GET /api/admin/questions/:id/attachments with fresh signed links.
  app.get(
    '/api/admin/questions/:id/thread',
    { schema: { params: idParams, response: { 200: adminQuestionThreadSchema } } },
    async (request) => {
      await requireAdmin(db, request);
      const thread = await questionThread(db, request.params.id);
      if (!thread) throw notFound(ADMIN_ACTION_MESSAGES.notFound);
      return thread;
    },
  );

  app.post(
    '/api/admin/questions/:id/:action',
    {
      schema: {
        params: z.object({ id: z.uuid(), action: z.enum(QUESTION_ACTION_NAMES) }),
        response: done,
      },
    },
    async (request, reply) => {
      const who = await actor(request);
      await actOnQuestion(depsOf(ctx, request.log), who, request.params.id, request.params.action);
      return reply.code(204).send(null);
    },
  );

  // Hide or restore a Player's review (ADR 062), audited.
  app.post(
    '/api/admin/reviews/:id/:action',
    {
      schema: {
        params: z.object({ id: z.uuid(), action: z.enum(REVIEW_ACTION_NAMES) }),
        response: done,
      },
      // Who is asking comes before what they sent: no token is a 401 whatever the action.
      preValidation: async (request: FastifyRequest) => void (await requireAdmin(db, request)),
    },
    async (request, reply) => {
      const who = await actor(request);
      await actOnReview(depsOf(ctx, request.log), who, request.params.id, request.params.action);
      return reply.code(204).send(null);
    },
  );

  // One person (ADR 061): their page, and Suspend and Restore with a reason, audited.
  const userParams = z.object({ id: z.string().min(1).max(200) });
  app.get(
    '/api/admin/users/:id',
    { schema: { params: userParams, response: { 200: adminUserDetailSchema } } },
    async (request) => {
      await requireAdmin(db, request);
      return userDetail(db, request.params.id);
    },
  );
  for (const [action, act] of [
    ['suspend', suspendUser],
    ['restore', restoreUser],
  ] as const) {
    app.post(
      `/api/admin/users/:id/${action}`,
      {
        schema: { params: userParams, body: suspensionInputSchema, response: done },
        // Who is asking comes before what they sent: no token is a 401 whatever the body.
        preValidation: async (request: FastifyRequest) => void (await requireAdmin(db, request)),
      },
      async (request, reply) => {
        const who = await actor(request);
        await act(depsOf(ctx, request.log), who, request.params.id, request.body.reason);
        return reply.code(204).send(null);
      },
    );
  }

  app.post(
    '/api/admin/reports/:id/dismiss',
    { schema: { params: idParams, response: done } },
    async (request, reply) => {
      await dismissReport(depsOf(ctx, request.log), await actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // One dispute read whole, and its resolution with a note (ADR 063).
  await app.register(adminDisputeRoutes, ctx);
};
