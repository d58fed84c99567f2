import type { ExtraPaymentReason } from '../../../contracts/payments';
import {
  isUnpaid,
  type PaymentStatus,
  type QuestionStatus,
} from '../../../contracts/question-states';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { transaction } from '../../db/unit-of-work';
import { moneyMailSubject } from './data';
import {
  findExtraPayment,
  openCheckoutSessions,
  recordCheckoutExpiry,
  recordExtraRefundRow,
  renewExtraRefundClaim,
  staleExtraRefundClaims,
  staleOpenCheckouts,
} from './data/extra-payments';
import { queueExtraPaymentRefundMail } from './money-mail';
import type { Money } from './settlement';

/**
 * Every payment the provider reports is accounted for (ADR 037). A question keeps one payment; any
 * other captured for it (a second checkout paid, a payment after a refund, a decline, a withdrawal
 * or the Coach's deletion) is recorded here and refunded at once: claim, call, record, as every
 * money movement (ADR 023). The refund's idempotency key is derived from the provider's payment
 * id, so however often the payment is reported, it is refunded once.
 */

const BATCH = 20;

export const extraRefundKey = (paymentIntentId: string) => `refund-payment-${paymentIntentId}`;
const expiryKey = (sessionId: string) => `expire-${sessionId}`;

/**
 * Why a question cannot keep a new payment, or null when it can (it is open, unpaid and its Coach
 * is there). An unpaid question that was declined or withdrawn is null too: that payment becomes
 * the question's own and is refunded as the question's (ADR 023's late payment).
 */
export function extraPaymentReason(
  q: { status: QuestionStatus; paymentStatus: PaymentStatus },
  coachGone: boolean,
): ExtraPaymentReason | null {
  if (coachGone) return 'coach_deleted';
  if (isUnpaid(q)) return null;
  if (q.status === 'declined' || q.status === 'withdrawn') return 'question_closed';
  if (q.paymentStatus === 'paid') return 'already_paid';
  return 'question_refunded';
}

/**
 * Records an extra payment's refund and tells the Player, once: whoever records first (our own
 * call, or the provider's charge.refunded) sends the e-mail. Returns the amount refunded (cents)
 * when this call recorded it, null when it was recorded already.
 */
export async function recordExtraRefund(
  tx: Executor,
  config: Config,
  paymentIntentId: string,
  refundId: string | null,
  now: Date,
): Promise<number | null> {
  const done = await recordExtraRefundRow(tx, paymentIntentId, refundId, now);
  if (!done) return null;
  await queueExtraPaymentRefundMail(
    tx,
    config,
    await moneyMailSubject(tx, done.questionId),
    done.reason,
  );
  return done.amount;
}

/** Refunds a claimed extra payment through the provider and records it. */
export async function completeExtraRefund(
  money: Money,
  paymentIntentId: string,
  now = new Date(),
): Promise<boolean> {
  const row = await findExtraPayment(money.db, paymentIntentId);
  if (!row || row.refundedAt) return false;
  const { refundId } = await money.payments.refund({
    paymentIntentId,
    idempotencyKey: extraRefundKey(paymentIntentId),
  });
  const refunded = await transaction(money, (tx) =>
    recordExtraRefund(tx, money.config, paymentIntentId, refundId, now),
  );
  if (refunded === null) return false;
  money.metrics.moneyMoved('refund', refunded);
  return true;
}

/** Refunds an extra payment just claimed; a provider failure is left to the recovery sweep. */
export async function refundExtraNow(money: Money, paymentIntentId: string): Promise<void> {
  try {
    await completeExtraRefund(money, paymentIntentId);
  } catch (err) {
    money.logger.error(
      { err, paymentIntentId },
      'extra payment not refunded yet; the recovery sweep retries it',
    );
  }
}

/** Extra-payment refunds whose claim is older than `cutoff`: a crash or a provider failure. */
export async function recoverExtraRefunds(money: Money, cutoff: Date, now: Date): Promise<number> {
  const stale = await staleExtraRefundClaims(money.db, cutoff, BATCH);
  let finished = 0;
  for (const p of stale) {
    if (!(await renewExtraRefundClaim(money.db, p.paymentIntentId, p.claimedAt!, now))) continue;
    try {
      await completeExtraRefund(money, p.paymentIntentId, now);
      finished++;
    } catch (err) {
      money.logger.warn(
        { err, paymentIntentId: p.paymentIntentId },
        'extra payment refund failed; retried later',
      );
    }
  }
  return finished;
}

// ---------------------------------------------------------------- checkout sessions

/**
 * Expires, through the provider, the checkout sessions still open for these questions (all but
 * `except`), and records what the provider answers. A session the Player paid meanwhile answers
 * 'complete': its payment arrives through its own event and is accounted for there.
 */
export async function expireOpenCheckouts(
  money: Money,
  questionIds: string[],
  except?: string,
): Promise<void> {
  if (questionIds.length === 0) return;
  const open = await openCheckoutSessions(money.db, questionIds, except);
  for (const { sessionId } of open) await expireCheckout(money, sessionId);
}

async function expireCheckout(money: Money, sessionId: string): Promise<void> {
  try {
    const { status } = await money.payments.expireCheckoutSession({
      sessionId,
      idempotencyKey: expiryKey(sessionId),
    });
    if (status === 'open') return;
    await recordCheckoutExpiry(money.db, sessionId, status);
  } catch (err) {
    money.logger.warn(
      { err, sessionId },
      'checkout session not expired; the recovery sweep retries it',
    );
  }
}

/**
 * Open sessions, started before `cutoff`, of questions that can no longer take a payment (paid,
 * refunded, closed, or the Coach is gone): the expiries a crash or a provider failure left undone.
 */
export async function expireStaleCheckouts(money: Money, cutoff: Date): Promise<number> {
  const stale = await staleOpenCheckouts(money.db, cutoff, BATCH);
  for (const { sessionId } of stale) await expireCheckout(money, sessionId);
  return stale.length;
}
