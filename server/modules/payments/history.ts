import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payoutsSchema, playerPaymentsSchema } from '../../../contracts/payments';
import { earningsSchema, receiptNumberLabel } from '../../../contracts/receipts';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { requireRole, requireUser } from '../auth';
import { requireCoach } from '../coaches';
import { coachPayoutHistory, playerPaymentHistory } from './data';
import { receiptForPlayer } from './data/receipts';
import { receiptPdf } from './receipts';
import { coachEarnings, coachPayoutsCsv } from './statements';

const HISTORY_LIMIT = 200;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const historyRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { auth, database, config },
) => {
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
          receiptNumber: r.receiptNumber,
          refunded: r.refunded,
        })),
      };
    },
  );

  // The Payouts page's chart and table: the last 12 months of earnings (ADR 056).
  app.get(
    '/api/payouts/earnings',
    { schema: { response: { 200: earningsSchema } } },
    async (request) => {
      const { coach } = await requireCoach(auth, db, request);
      return coachEarnings(db, coach.id);
    },
  );

  // Every payout as CSV for the Coach's accountant (ADR 056).
  app.get('/api/payouts/export', async (request, reply) => {
    const { coach } = await requireCoach(auth, db, request);
    const csv = await coachPayoutsCsv(db, coach.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="payouts.csv"')
      .send(csv);
  });

  // A payment's receipt as a PDF, for the Player who paid it and nobody else (ADR 056): anyone
  // else is told there is no such receipt, so its existence is not revealed either.
  app.get(
    '/api/payments/:questionId/receipt',
    { schema: { params: z.object({ questionId: z.uuid() }) } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      const receipt = await receiptForPlayer(db, request.params.questionId, user.id);
      if (!receipt) throw notFound('Receipt not found');
      const pdf = await receiptPdf(config, receipt);
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="receipt-${receiptNumberLabel(receipt.number)}.pdf"`,
        )
        .send(pdf);
    },
  );
};
