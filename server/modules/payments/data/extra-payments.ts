import { and, eq, inArray, isNotNull, isNull, lte, ne, not, or } from 'drizzle-orm';
import type { ExtraPaymentReason } from '../../../../contracts/payments';
import { UNPAID_PAYMENT_STATUSES } from '../../../../contracts/question-states';
import type { CheckoutSessionStatus } from '../../../adapters/payments/types';
import type { Executor } from '../../../db/client';
import { checkoutSessions, coaches, extraPayments, questions } from '../../../db/schema';

/** The rows of ADR 037: payments a question does not keep, and the checkout sessions to expire. */

/**
 * Records a payment its question does not keep and claims its refund, in the caller's transaction.
 * Returns false when this payment was already recorded (a redelivery): its refund is under way.
 */
export async function claimExtraPayment(
  tx: Executor,
  payment: {
    questionId: string;
    paymentIntentId: string;
    sessionId?: string;
    amount: number;
    reason: ExtraPaymentReason;
  },
  now: Date,
): Promise<boolean> {
  const [fresh] = await tx
    .insert(extraPayments)
    .values({
      questionId: payment.questionId,
      paymentIntentId: payment.paymentIntentId,
      checkoutSessionId: payment.sessionId ?? null,
      reason: payment.reason,
      amount: payment.amount,
      refundClaimedAt: now,
    })
    .onConflictDoNothing({ target: extraPayments.paymentIntentId })
    .returning({ id: extraPayments.id });
  return fresh !== undefined;
}

/** Records an extra payment's refund once: null when it was already recorded. */
export async function recordExtraRefundRow(
  tx: Executor,
  paymentIntentId: string,
  refundId: string | null,
  now: Date,
) {
  const [done] = await tx
    .update(extraPayments)
    .set({ refundId, refundedAt: now, refundClaimedAt: null })
    .where(
      and(eq(extraPayments.paymentIntentId, paymentIntentId), isNull(extraPayments.refundedAt)),
    )
    .returning({
      questionId: extraPayments.questionId,
      reason: extraPayments.reason,
      amount: extraPayments.amount,
    });
  return done ?? null;
}

export async function findExtraPayment(db: Executor, paymentIntentId: string) {
  const [row] = await db
    .select({ refundedAt: extraPayments.refundedAt })
    .from(extraPayments)
    .where(eq(extraPayments.paymentIntentId, paymentIntentId));
  return row;
}

/** Extra-payment refund claims older than `cutoff`. */
export function staleExtraRefundClaims(db: Executor, cutoff: Date, limit: number) {
  return db
    .select({
      paymentIntentId: extraPayments.paymentIntentId,
      claimedAt: extraPayments.refundClaimedAt,
    })
    .from(extraPayments)
    .where(lte(extraPayments.refundClaimedAt, cutoff))
    .limit(limit);
}

/** A compare-and-set on the claim time: two processes never work on one claim at once. */
export async function renewExtraRefundClaim(
  db: Executor,
  paymentIntentId: string,
  claimedAt: Date,
  now: Date,
) {
  const [mine] = await db
    .update(extraPayments)
    .set({ refundClaimedAt: now })
    .where(
      and(
        eq(extraPayments.paymentIntentId, paymentIntentId),
        eq(extraPayments.refundClaimedAt, claimedAt),
      ),
    )
    .returning({ id: extraPayments.id });
  return mine !== undefined;
}

/** The checkout sessions still open for these questions, but `except`. */
export function openCheckoutSessions(db: Executor, questionIds: string[], except?: string) {
  return db
    .select({ sessionId: checkoutSessions.sessionId })
    .from(checkoutSessions)
    .where(
      and(
        inArray(checkoutSessions.questionId, questionIds),
        eq(checkoutSessions.status, 'open'),
        except ? ne(checkoutSessions.sessionId, except) : undefined,
      ),
    );
}

/** Records what the provider answered to an expiry, on a session still open. */
export async function recordCheckoutExpiry(
  db: Executor,
  sessionId: string,
  status: CheckoutSessionStatus,
) {
  await db
    .update(checkoutSessions)
    .set({ status })
    .where(and(eq(checkoutSessions.sessionId, sessionId), eq(checkoutSessions.status, 'open')));
}

/**
 * Open sessions, started before `cutoff`, of questions that can no longer take a payment (paid,
 * refunded, closed, or the Coach is gone).
 */
export function staleOpenCheckouts(db: Executor, cutoff: Date, limit: number) {
  return db
    .select({ sessionId: checkoutSessions.sessionId })
    .from(checkoutSessions)
    .innerJoin(questions, eq(questions.id, checkoutSessions.questionId))
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .where(
      and(
        eq(checkoutSessions.status, 'open'),
        lte(checkoutSessions.createdAt, cutoff),
        or(
          not(inArray(questions.paymentStatus, UNPAID_PAYMENT_STATUSES)),
          not(inArray(questions.status, ['pending', 'answered'])),
          isNotNull(coaches.deletedAt),
        ),
      ),
    )
    .limit(limit);
}
