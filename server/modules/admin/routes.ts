import { count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLoginResponseSchema,
  adminLoginSchema,
  adminSessionSchema,
  adminStatsSchema,
  totpCodeSchema,
  totpEnrolmentSchema,
} from '../../../contracts/admin';
import { QUESTION_ACTION_NAMES } from '../../../contracts/admin-actions';
import {
  adminDisputesPageSchema,
  adminDisputesQuerySchema,
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
} from '../../../contracts/admin-data';
import { COACH_SHARE_PERCENT } from '../../../contracts/money';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { experts, payouts, questions, users } from '../../db/schema';
import { requireAdmin } from './guard';
import { moneyOf } from '../payments/settlement';
import { actOnQuestion, dismissReport, type Actor } from './moderation';
import { audit, login, revokeSession } from './service';
import { disable, enable, startEnrolment } from './two-factor';
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
  const { database, config } = ctx;
  const { db } = database;
  /** The signed-in administrator, as the audit log names them. */
  const actor = async (request: FastifyRequest): Promise<Actor> => {
    const admin = await requireAdmin(db, request);
    return { ...attempt(request), adminId: admin.adminId, username: admin.username };
  };

  // admin-login: per-address limit on top of the per-username lockout.
  app.post(
    '/api/admin/login',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { body: adminLoginSchema, response: { 200: adminLoginResponseSchema } },
    },
    async (request) => login(db, config, request.body, attempt(request)),
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
    async (request) => {
      const admin = await actor(request);
      const enrolment = await startEnrolment(db, config, admin.adminId);
      await audit(db, { ...admin, action: 'totp-setup', success: true });
      return enrolment;
    },
  );
  for (const [path, change, action] of [
    ['/api/admin/totp/enable', enable, 'totp-enable'],
    ['/api/admin/totp/disable', disable, 'totp-disable'],
  ] as const) {
    const options = {
      schema: { body: totpCodeSchema, response: done },
      // Who is asking comes before what they sent: no token is a 401 whatever the body.
      preValidation: async (request: FastifyRequest) => void (await requireAdmin(db, request)),
    };
    app.post(path, options, async (request, reply) => {
      const admin = await actor(request);
      try {
        await change(db, config, admin.adminId, request.body.code);
      } catch (error) {
        await audit(db, { ...admin, action, success: false });
        throw error;
      }
      await audit(db, { ...admin, action, success: true });
      return reply.status(204).send(null);
    });
  }

  // admin-logout: the token is revoked on the server.
  app.post(
    '/api/admin/logout',
    { schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      const admin = await requireAdmin(db, request);
      await revokeSession(db, admin.sessionId);
      await audit(db, {
        ...attempt(request),
        username: admin.username,
        adminId: admin.adminId,
        action: 'logout',
        success: true,
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
      const [[userCount], [expertCount], [questionCounts], [paid], [pendingPayouts]] =
        await Promise.all([
          db.select({ n: count() }).from(users),
          db.select({ n: count() }).from(experts),
          db
            .select({
              total: count(),
              answered: sql<number>`count(*) filter (where ${questions.status} = 'answered')::int`,
              pending: sql<number>`count(*) filter (where ${questions.status} = 'pending')::int`,
            })
            .from(questions),
          db
            .select({
              n: count(),
              // The platform keeps each fee minus its payout, rounded the payout's way.
              cents: sql<number>`coalesce(sum(${questions.amount} - (${questions.amount} * ${COACH_SHARE_PERCENT}) / 100), 0)::bigint`,
            })
            .from(questions)
            .where(eq(questions.paymentStatus, 'paid')),
          db
            .select({ n: count() })
            .from(payouts)
            // Owed to Coaches: waiting out the hold window, held, or being sent right now.
            .where(inArray(payouts.status, ['pending', 'held', 'transferring'])),
        ]);
      const totalUsers = userCount?.n ?? 0;
      const totalExperts = expertCount?.n ?? 0;
      return {
        totalUsers,
        totalExperts,
        // As the Users tab labels them: everyone without a Coach profile is a Player.
        totalAskers: totalUsers - totalExperts,
        totalQuestions: questionCounts?.total ?? 0,
        answeredQuestions: questionCounts?.answered ?? 0,
        pendingQuestions: questionCounts?.pending ?? 0,
        totalPayments: paid?.n ?? 0,
        totalEarnings: Number(paid?.cents ?? 0),
        pendingPayouts: pendingPayouts?.n ?? 0,
      };
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
      await actOnQuestion(moneyOf(ctx, request.log), who, request.params.id, request.params.action);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/reports/:id/dismiss',
    { schema: { params: idParams, response: done } },
    async (request, reply) => {
      await dismissReport(db, await actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
