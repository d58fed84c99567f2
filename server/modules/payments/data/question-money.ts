import { and, eq, inArray, lte, not } from 'drizzle-orm';
import {
  UNPAID_PAYMENT_STATUSES,
  type RefundReason,
} from '../../../../contracts/question-states';
import type { Executor } from '../../../db/client';
import { coaches, payouts, processedProviderEvents, questions } from '../../../db/schema';
import type { Changes } from '../../../db/unit-of-work';
import { checkoutUnderWay } from '../../coaches';
import { markPartialRefunding, markRefunded, markRefunding } from '../../question-records/data';
import { questionMoneyChanged } from './index';
import {
  cancelPayout,
  claimPartialReversal,
  claimReversal,
  lockPayoutOfQuestion,
  reducePayout,
} from './payouts';
import { partialRefundSplit } from '../../../../contracts/disputes';

/**
 * The money movements of a question (payment, refund) and the reads they lock: the question's own
 * columns are written by the questions module's data functions (one owner per table, ADR 032).
 */

/** Records a provider event once: false when it was already applied (a replay). */
export async function recordProviderEvent(
  tx: Executor,
  provider: 'local' | 'stripe',
  event: { id: string; type: string },
): Promise<boolean> {
  const [fresh] = await tx
    .insert(processedProviderEvents)
    .values({ provider, eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: processedProviderEvents.eventId });
  return fresh !== undefined;
}

/** The question, locked: a concurrent payment, refund, decline or Coach deletion waits. */
export async function lockQuestion(tx: Executor, questionId: string) {
  const [q] = await tx.select().from(questions).where(eq(questions.id, questionId)).for('update');
  return q;
}

export async function findCoach(db: Executor, coachId: string) {
  const [coach] = await db.select().from(coaches).where(eq(coaches.id, coachId));
  return coach;
}

/** The paid (or refunding) question this payment is, locked. */
export async function lockQuestionPaidBy(tx: Executor, paymentIntentId: string) {
  const [q] = await tx
    .select()
    .from(questions)
    .where(
      and(
        eq(questions.paymentIntentId, paymentIntentId),
        inArray(questions.paymentStatus, ['paid', 'refunding']),
      ),
    )
    .for('update');
  return q;
}

/**
 * Claims a full refund, in the caller's transaction, on a question row the caller has locked.
 * The payout goes with it: one not yet sent is cancelled; one sent (or being sent) is to be
 * reversed. Returns false when nothing was paid, so there is nothing to refund.
 */
export async function claimRefund(
  tx: Executor,
  changes: Changes,
  question: { id: string; paymentStatus: string },
  reason: RefundReason,
  now: Date,
): Promise<boolean> {
  if (question.paymentStatus !== 'paid') return false;
  // A partial refund under way is finished first (ADR 063): its claim holds the refund's slot.
  if (await partialRefundInFlight(tx, question.id)) return false;
  const payout = await lockPayoutOfQuestion(tx, question.id);
  // On a paid question a payout says `reversing` only while a partial refund's part of the
  // transfer is still to be taken back (ADR 070): that reversal is made and recorded first, so the
  // full one knows what the Coach still holds and the two never take the same cents twice.
  if (payout?.status === 'reversing') return false;
  if (payout?.status === 'pending' || payout?.status === 'held' || payout?.status === 'failed') {
    await cancelPayout(tx, payout.id);
  } else if (payout?.status === 'paid' || payout?.status === 'transferring') {
    // A transfer being sent right now keeps its claim time: whoever records it reverses it.
    await claimReversal(tx, payout.id, payout.status === 'paid' ? now : undefined);
  }
  await markRefunding(tx, question.id, reason, now);
  await questionMoneyChanged(tx, changes, question.id);
  return true;
}

async function partialRefundInFlight(tx: Executor, questionId: string) {
  const [row] = await tx
    .select({ claimed: questions.partialRefundAmount, done: questions.partialRefundedAt })
    .from(questions)
    .where(eq(questions.id, questionId));
  return row !== undefined && row.claimed !== null && row.done === null;
}

/**
 * Claims a dispute's partial refund (ADR 063), in the caller's transaction, on a question row the
 * caller has locked: the payment stays 'paid', the payout becomes the Coach's share of what is
 * kept (a payout already sent, or being sent, is partly reversed). Returns false when the question
 * is not paid and answered, or already had a partial refund.
 */
export async function claimPartialRefund(
  tx: Executor,
  changes: Changes,
  question: {
    id: string;
    amount: number;
    status: string;
    paymentStatus: string;
    partialRefundAmount: number | null;
  },
  refundCents: number,
  now: Date,
): Promise<boolean> {
  if (question.status !== 'answered' || question.paymentStatus !== 'paid') return false;
  if (question.partialRefundAmount !== null) return false;
  const payout = await lockPayoutOfQuestion(tx, question.id);
  if (!payout) return false;
  const { coachCents } = partialRefundSplit(question.amount, refundCents);
  if (payout.status === 'pending' || payout.status === 'held' || payout.status === 'failed') {
    await reducePayout(tx, payout.id, coachCents, now);
  } else if (payout.status === 'paid' || payout.status === 'transferring') {
    const split = { amount: coachCents, reversed: payout.amount - coachCents };
    await claimPartialReversal(tx, payout.id, split, payout.status === 'paid' ? now : undefined);
  } else {
    return false;
  }
  await markPartialRefunding(tx, question.id, refundCents, now);
  await questionMoneyChanged(tx, changes, question.id);
  return true;
}

/** A question and its payout, as a refund's completion reads them. */
export async function findQuestionWithPayout(db: Executor, questionId: string) {
  const [row] = await db
    .select({ question: questions, payout: payouts })
    .from(questions)
    .leftJoin(payouts, eq(payouts.questionId, questions.id))
    .where(eq(questions.id, questionId));
  return row;
}

/**
 * Records a claimed refund, once: null when the claim is gone (another recording found it first).
 * A declined or withdrawn question keeps saying so; any other is now refunded.
 */
export async function recordQuestionRefund(
  tx: Executor,
  changes: Changes,
  questionId: string,
  refundId: string | null,
  now: Date,
) {
  const done = await markRefunded(tx, questionId, refundId, now);
  if (!done) return null;
  await questionMoneyChanged(tx, changes, questionId);
  return done;
}

/** Paid questions still unanswered since `cutoff`, locked with SKIP LOCKED for the 7-day refund. */
export function lockUnansweredPaidDue(tx: Executor, cutoff: Date, limit: number) {
  return tx
    .select({ id: questions.id, paymentStatus: questions.paymentStatus })
    .from(questions)
    .where(
      and(
        eq(questions.status, 'pending'),
        eq(questions.paymentStatus, 'paid'),
        lte(questions.answerBy, cutoff),
      ),
    )
    .orderBy(questions.answerBy)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Unpaid questions still waiting for an answer that were asked before `cutoff` and have no checkout
 * under way (ADR 082), locked, skipping those another process holds. No order: any due will do, and
 * none is left for long, so the scan stops at the first `limit` it finds.
 */
export function lockUnpaidExpired(tx: Executor, cutoff: Date, limit: number) {
  return tx
    .select({ id: questions.id, playerId: questions.playerId, coachUserId: coaches.userId })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .where(
      and(
        eq(questions.status, 'pending'),
        inArray(questions.paymentStatus, UNPAID_PAYMENT_STATUSES),
        lte(questions.createdAt, cutoff),
        not(checkoutUnderWay),
      ),
    )
    .limit(limit)
    .for('update', { of: [questions], skipLocked: true });
}

/** A Coach's questions still waiting for an answer, locked (the Coach is deleting the account). */
export function lockWaitingQuestionsOfCoach(tx: Executor, coachId: string) {
  return tx
    .select({ id: questions.id, paymentStatus: questions.paymentStatus })
    .from(questions)
    .where(and(eq(questions.coachId, coachId), eq(questions.status, 'pending')))
    .for('update');
}

/** A Player's questions still waiting for an answer, locked (their account is being suspended). */
export function lockWaitingQuestionsOfPlayer(tx: Executor, playerId: string) {
  return tx
    .select({ id: questions.id, paymentStatus: questions.paymentStatus })
    .from(questions)
    .where(and(eq(questions.playerId, playerId), eq(questions.status, 'pending')))
    .for('update');
}

/** Refund claims older than `cutoff`: left by a crash or a provider failure. */
export function staleRefundClaims(db: Executor, cutoff: Date, limit: number) {
  return db
    .select({ id: questions.id, claimedAt: questions.refundClaimedAt })
    .from(questions)
    .where(lte(questions.refundClaimedAt, cutoff))
    .limit(limit);
}

/**
 * A question for an administrator's decision, with its Coach's user and its payout: the question
 * locked first, then the payout, in the same order as every other money path.
 */
export async function lockQuestionForDecision(tx: Executor, questionId: string) {
  const [row] = await tx
    .select({ question: questions, coachUserId: coaches.userId })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .where(eq(questions.id, questionId))
    .for('update', { of: [questions] });
  if (!row) return undefined;
  const [payout] = await tx
    .select()
    .from(payouts)
    .where(eq(payouts.questionId, questionId))
    .for('update');
  return { ...row, payout };
}
