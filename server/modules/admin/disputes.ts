import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ACTION_MESSAGES } from '../../../contracts/admin-actions';
import { adminDisputeDetailSchema, type AdminDisputeDetail } from '../../../contracts/admin-data';
import {
  isPartialRefundInRange,
  partialRefundSplit,
  RESOLVE_MESSAGES,
  resolveDisputeSchema,
} from '../../../contracts/disputes';
import { depsOf, type AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import {
  claimPartialRefund,
  claimRefund,
  lockQuestionForDecision,
  moneyMailSubject,
  queueDisputeResolvedMail,
  refundNow,
  releasePayouts,
  setPayoutHold,
  type DisputeSettlement,
  type Money,
} from '../payments';
import { resolveDispute } from '../question-records/data';
import { closeQuestionReports } from '../abuse-reports/data';
import { requireAdmin } from '../auth';
import { audited } from './moderation';
import type { Actor } from './service';
import { findDisputeDetail } from './tables';

/**
 * Disputes heard from both sides (issue 24, ADR 063): the administrator reads one dispute whole
 * (the reason, the Player, the Coach's statement, the question and its answer) and resolves it
 * with a full refund, a partial refund or a release, and a note both sides see and are e-mailed.
 */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** One dispute as the administrator hears it; null when there is no such disputed question. */
export async function disputeDetail(
  db: Executor,
  questionId: string,
): Promise<AdminDisputeDetail | null> {
  const found = await findDisputeDetail(db, questionId);
  if (!found) return null;
  const { row, history } = found;
  const q = row.question;
  const payout = row.payout?.status ? row.payout : null;
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
    player: {
      id: q.playerId,
      name: q.playerName,
      email: q.playerEmail,
      memberSince: iso(row.playerSince),
      questionsAsked: history?.asked ?? 0,
      disputesFlagged: history?.disputed ?? 0,
    },
    coach: { id: q.coachId, userId: row.coachUserId, name: row.coachName, email: row.coachEmail },
    dispute: {
      reason: q.disputeReason,
      details: q.disputeDetails,
      at: iso(q.disputedAt),
      statement: q.disputeStatement,
      statementAt: iso(q.disputeStatementAt),
      resolution: q.disputeResolution,
      resolvedAt: iso(q.disputeResolvedAt),
      note: q.disputeNote,
      partialRefundAmount: q.partialRefundAmount,
    },
    payout,
    resolvable: q.disputeResolution === null && q.paymentStatus === 'paid',
  };
}

const unavailable = () => new AppError(409, ADMIN_ACTION_MESSAGES.unavailable);

/**
 * Resolves an open dispute. The decision, the money claim, the note and both e-mails commit
 * together with the audit row, on the question and payout locked in the same order as every money
 * path; the provider is called after the commit (ADR 023): claim, call, record.
 */
export async function resolveOpenDispute(
  money: Money,
  actor: Actor,
  questionId: string,
  input: z.output<typeof resolveDisputeSchema>,
) {
  const { config } = money;
  const now = new Date();
  const { outcome, note, amountCents } = input;
  await audited(
    money,
    actor,
    'dispute.resolve',
    { questionId, outcome, amountCents },
    async (tx, changes) => {
      const row = await lockQuestionForDecision(tx, questionId);
      if (!row || !row.question.disputeFlagged) throw notFound(ADMIN_ACTION_MESSAGES.notFound);
      const q = row.question;
      if (q.disputeResolution !== null) throw new AppError(409, RESOLVE_MESSAGES.notOpen);
      const who = { questionId: q.id, playerId: q.playerId, coachUserId: row.coachUserId };
      let settlement: DisputeSettlement;
      switch (outcome) {
        case 'release':
          // The decision is made: the hold window ends now.
          if (row.payout) await setPayoutHold(tx, changes, who, { held: false, releasableAt: now });
          await resolveDispute(tx, changes, who, 'released', now, note);
          settlement = { outcome };
          break;
        case 'refund':
          if (!(await claimRefund(tx, changes, q, 'dispute', now))) throw unavailable();
          await resolveDispute(tx, changes, who, 'refunded', now, note);
          await closeQuestionReports(tx, q.id, now);
          settlement = { outcome };
          break;
        case 'partial_refund': {
          const cents = amountCents ?? 0;
          if (!isPartialRefundInRange(cents, q.amount)) {
            const message = RESOLVE_MESSAGES.amountRange(q.amount);
            throw badRequest(message, { amount: message });
          }
          if (!(await claimPartialRefund(tx, changes, q, cents, now))) throw unavailable();
          await resolveDispute(tx, changes, who, 'partially_refunded', now, note);
          await closeQuestionReports(tx, q.id, now);
          const split = partialRefundSplit(q.amount, cents);
          settlement = {
            outcome,
            refundCents: split.refundCents,
            keptCents: split.keptCents,
            coachCents: split.coachCents,
          };
          break;
        }
      }
      await queueDisputeResolvedMail(
        tx,
        config,
        await moneyMailSubject(tx, q.id),
        settlement,
        note,
      );
    },
  );
  if (outcome === 'release') await releasePayouts(money, { now, questionId });
  else if (!(await refundNow(money, questionId))) {
    throw new AppError(502, ADMIN_ACTION_MESSAGES.providerFailed);
  }
}

const idParams = z.object({ id: z.uuid() });

/** The administrator's dispute routes, beside the portal's other admin routes. */
export const adminDisputeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  // Who is asking comes before what they sent: no token is a 401 whatever the body.
  const adminFirst = async (request: Parameters<typeof requireAdmin>[1]) =>
    void (await requireAdmin(db, request));

  app.get(
    '/api/admin/disputes/:id',
    {
      schema: { params: idParams, response: { 200: adminDisputeDetailSchema } },
      preValidation: adminFirst,
    },
    async (request) => {
      await requireAdmin(db, request);
      const detail = await disputeDetail(db, request.params.id);
      if (!detail) throw notFound(ADMIN_ACTION_MESSAGES.notFound);
      return detail;
    },
  );

  app.post(
    '/api/admin/disputes/:id/resolve',
    {
      schema: { params: idParams, body: resolveDisputeSchema, response: { 204: z.null() } },
      preValidation: adminFirst,
    },
    async (request, reply) => {
      const admin = await requireAdmin(db, request);
      const actor: Actor = {
        ip: request.ip,
        userAgent:
          typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
        adminId: admin.adminId,
        username: admin.username,
      };
      await resolveOpenDispute(depsOf(ctx, request.log), actor, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );
};
