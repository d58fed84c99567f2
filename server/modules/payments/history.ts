import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutsSchema, playerPaymentsSchema } from '../../../contracts/payments';
import type { AppContext } from '../../context';
import { requireRole } from '../auth';
import { requireCoach } from '../profiles';
import { coachPayoutHistory, playerPaymentHistory } from './data';

const HISTORY_LIMIT = 200;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const historyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { auth, database }) => {
  const { db } = database;

  // Newest first, with the question's text and Player: served by payouts_expert_idx.
  app.get('/api/payouts', { schema: { response: { 200: payoutsSchema } } }, async (request) => {
    const { coach } = await requireCoach(auth, db, request);
    const rows = await coachPayoutHistory(db, coach.id, HISTORY_LIMIT);
    return {
      onboardingComplete: coach.stripeOnboardingComplete,
      payoutsEnabled: coach.stripePayoutsEnabled && coach.stripeAccountId !== null,
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
      const rows = await playerPaymentHistory(db, user.id, HISTORY_LIMIT);
      return {
        payments: rows.map((r) => ({
          id: r.id,
          amount: r.amount,
          paymentStatus: r.paymentStatus,
          createdAt: r.createdAt.toISOString(),
          question: r.question,
          coach: {
            id: r.coachId,
            name: r.coachName,
            photoUrl: r.coachPhotoUrl,
            expertise: r.expertise,
          },
        })),
      };
    },
  );
};
