import { count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLoginResponseSchema,
  adminLoginSchema,
  adminSessionSchema,
  adminStatsSchema,
} from '../../../contracts/admin';
import { COACH_SHARE_PERCENT } from '../../../contracts/money';
import type { AppContext } from '../../context';
import { experts, payouts, questions, userRoles, users } from '../../db/schema';
import { requireAdmin } from './guard';
import { audit, login, revokeSession } from './service';

export const adminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, config }) => {
  const { db } = database;
  const attempt = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent:
      typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });

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
      return { valid: true, username: admin.username };
    },
  );

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
      const [[userCount], roleCounts, [questionCounts], [paid], [pendingPayouts]] =
        await Promise.all([
          db.select({ n: count() }).from(users),
          db.select({ role: userRoles.role, n: count() }).from(userRoles).groupBy(userRoles.role),
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
            .where(inArray(payouts.status, ['pending', 'held'])),
        ]);
      const [expertRows] = await db.select({ n: count() }).from(experts);
      const askers = roleCounts.find((r) => r.role === 'asker')?.n ?? 0;
      return {
        totalUsers: userCount?.n ?? 0,
        totalExperts: expertRows?.n ?? 0,
        totalAskers: askers,
        totalQuestions: questionCounts?.total ?? 0,
        answeredQuestions: questionCounts?.answered ?? 0,
        pendingQuestions: questionCounts?.pending ?? 0,
        totalPayments: paid?.n ?? 0,
        totalEarnings: Number(paid?.cents ?? 0),
        pendingPayouts: pendingPayouts?.n ?? 0,
      };
    },
  );
};
