import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutsSchema, playerPaymentsSchema } from '../../../contracts/payments';
import type { AppContext } from '../../context';
import { experts, payouts, questions } from '../../db/schema';
import { requireRole } from '../auth/guards';
import { requireExpert } from '../profiles/require-expert';

const HISTORY_LIMIT = 200;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const historyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { auth, database }) => {
  const { db } = database;

  // Newest first, with the question's text and asker: served by payouts_expert_idx.
  app.get('/api/payouts', { schema: { response: { 200: payoutsSchema } } }, async (request) => {
    const { expert } = await requireExpert(auth, db, request);
    const rows = await db
      .select({
        id: payouts.id,
        amount: payouts.amount,
        status: payouts.status,
        createdAt: payouts.createdAt,
        paidAt: payouts.paidAt,
        releasableAt: payouts.releasableAt,
        heldByAdmin: payouts.heldByAdmin,
        question: questions.question,
        askerName: questions.askerName,
        questionPaid: sql<boolean>`${questions.paymentStatus} = 'paid'`,
        disputeOpen: sql<boolean>`${questions.disputeFlagged} AND ${questions.disputeResolution} IS NULL`,
      })
      .from(payouts)
      .innerJoin(questions, eq(questions.id, payouts.questionId))
      .where(eq(payouts.expertId, expert.id))
      .orderBy(desc(payouts.createdAt))
      .limit(HISTORY_LIMIT);
    return {
      onboardingComplete: expert.stripeOnboardingComplete,
      payoutsEnabled: expert.stripePayoutsEnabled && expert.stripeAccountId !== null,
      payouts: rows.map((p) => ({
        ...p,
        createdAt: p.createdAt.toISOString(),
        paidAt: iso(p.paidAt),
        releasableAt: p.releasableAt.toISOString(),
      })),
    };
  });

  // The Player's payments, newest first: served by questions_asker_idx.
  app.get(
    '/api/payments/history',
    { schema: { response: { 200: playerPaymentsSchema } } },
    async (request) => {
      const user = await requireRole(auth, request, 'asker');
      const rows = await db
        .select({
          id: questions.id,
          amount: questions.amount,
          paymentStatus: questions.paymentStatus,
          createdAt: questions.createdAt,
          question: questions.question,
          expertId: experts.id,
          expertName: experts.name,
          expertPhotoUrl: experts.photoUrl,
          expertise: experts.expertise,
        })
        .from(questions)
        .innerJoin(experts, eq(experts.id, questions.expertId))
        .where(eq(questions.askerId, user.id))
        .orderBy(desc(questions.createdAt))
        .limit(HISTORY_LIMIT);
      return {
        payments: rows.map((r) => ({
          id: r.id,
          amount: r.amount,
          paymentStatus: r.paymentStatus,
          createdAt: r.createdAt.toISOString(),
          question: r.question,
          expert: {
            id: r.expertId,
            name: r.expertName,
            photoUrl: r.expertPhotoUrl,
            expertise: r.expertise,
          },
        })),
      };
    },
  );
};
