import type { PaymentEvent } from '../../adapters/payments/types';
import { transaction } from '../../db/unit-of-work';
import { questionAttachmentCount } from '../attachments';
import { markPaid, markPaymentFailed } from '../question-records/data';
import { mirrorAccountStatus } from '../coaches/data';
import { markCheckoutComplete, questionMoneyChanged } from './data';
import { claimExtraPayment } from './data/extra-payments';
import {
  claimRefund,
  findCoach,
  lockQuestion,
  lockQuestionPaidBy,
  recordProviderEvent,
} from './data/question-money';
import {
  expireOpenCheckouts,
  extraPaymentReason,
  recordExtraRefund,
  refundExtraNow,
} from './extra-payments';
import { issueReceipt } from './data/receipts';
import { queueNewQuestionMail } from './money-mail';
import { queueReceiptMail } from './receipts';
import { recordRefund, refundNow, type Money } from './settlement';

/**
 * The one place a provider event changes our data (Stripe's webhook and the local provider both come
 * here). Each event id is recorded first, in the same transaction, so a replay does nothing.
 * Returns false for a replay. Inside, each case returns the id of the question it changed, if any.
 * Every payment reported is accounted for (ADR 037): a question keeps one, any other is refunded.
 */
export async function applyPaymentEvent(
  money: Money,
  provider: 'local' | 'stripe',
  event: PaymentEvent,
): Promise<boolean> {
  const { config, logger } = money;
  const now = new Date();
  // The receipt names the card (ADR 056): asked of the provider before any lock is taken.
  const cardLast4 =
    event.type === 'checkout.completed'
      ? event.cardLast4 !== undefined
        ? event.cardLast4
        : await money.payments.cardLast4(event.paymentIntentId).catch(() => null)
      : null;
  const afterCommit: {
    /** Money counted once the event's transaction commits (ADR 051). */
    moved?: { kind: 'payment' | 'refund'; cents: number };
    lateRefund?: string;
    extraRefund?: string;
    expireFor?: { questionId: string; except?: string };
  } = {};
  const changed = await transaction(money, async (tx, changes) => {
    if (!(await recordProviderEvent(tx, provider, event))) return 'replay' as const;
    const questionId = await applyInTransaction();
    // The pages showing the question hear of it once the event's transaction has committed.
    if (questionId) await questionMoneyChanged(tx, changes, questionId);
    return questionId;

    async function applyInTransaction(): Promise<string | null> {
      switch (event.type) {
        case 'checkout.completed': {
          // Locked first: a concurrent payment, refund, decline or Coach deletion waits (or we do).
          const q = await lockQuestion(tx, event.questionId);
          if (!q) {
            // Our checkout names only our questions; without one there is nothing to record on.
            logger.error({ event }, 'payment for an unknown question');
            return null;
          }
          afterCommit.expireFor = { questionId: q.id, except: event.sessionId };
          if (event.sessionId) await markCheckoutComplete(tx, event.sessionId);
          // The same payment reported again by another event: it is already accounted for.
          if (q.paymentIntentId === event.paymentIntentId) return null;
          const coach = await findCoach(tx, q.coachId);
          const reason = extraPaymentReason(q, !coach || coach.deletedAt !== null);
          if (reason) {
            // A payment the question cannot keep: recorded and refunded at once (ADR 037).
            const payment = { ...event, amount: q.amount, reason };
            if (await claimExtraPayment(tx, payment, now)) {
              afterCommit.moved = { kind: 'payment', cents: q.amount };
              afterCommit.extraRefund = event.paymentIntentId;
            }
            return null;
          }
          const paid = await markPaid(tx, q.id, event.paymentIntentId, now);
          if (!paid) return null;
          afterCommit.moved = { kind: 'payment', cents: paid.amount };
          // The payment the question keeps gets its receipt, numbered in this transaction.
          await issueReceipt(tx, { questionId: paid.id, amount: paid.amount, cardLast4, now });
          await queueReceiptMail(tx, config, paid.id);
          // Paid after the question was closed (withdrawn, declined): it goes back at once.
          if (paid.status !== 'pending' && paid.status !== 'answered') {
            const refundReason = paid.status === 'declined' ? 'declined' : 'withdrawn';
            if (await claimRefund(tx, changes, paid, refundReason, now)) {
              afterCommit.lateRefund = paid.id;
            }
            return paid.id;
          }
          if (coach && paid.status === 'pending') {
            await queueNewQuestionMail(
              tx,
              config,
              {
                questionId: paid.id,
                question: paid.question,
                context: paid.context,
                amount: paid.amount,
                responseHours: paid.responseHours,
                answerBy: paid.answerBy,
                playerName: paid.playerName,
                playerEmail: paid.playerEmail,
                coachName: coach.name,
                coachEmail: coach.email,
              },
              await questionAttachmentCount(tx, paid.id),
            );
          }
          return paid.id;
        }
        case 'payment.failed':
          return markPaymentFailed(tx, event.questionId);
        case 'checkout.expired':
          // An abandoned checkout leaves the question payable later (ADR 040, 'Pay after answer').
          return null;
        case 'account.updated': {
          await mirrorAccountStatus(tx, changes, { accountId: event.accountId }, event.status);
          return null;
        }
        case 'charge.refunded': {
          // Every refund is reported here, ours and those made in the provider's dashboard. Ours
          // record themselves too; whichever records first sends the e-mails, so they go once.
          const extra = await recordExtraRefund(
            tx,
            config,
            event.paymentIntentId,
            event.refundId,
            now,
          );
          if (extra !== null) {
            afterCommit.moved = { kind: 'refund', cents: extra };
            return null;
          }
          const q = await lockQuestionPaidBy(tx, event.paymentIntentId);
          if (!q) return null;
          // A refund made outside the app: its payout is cancelled, or reversed by the recovery
          // sweep if it was already sent, and both sides are told as for an administrator's.
          await claimRefund(tx, changes, q, 'admin', now);
          if (await recordRefund(tx, changes, config, q.id, event.refundId, now)) {
            afterCommit.moved = { kind: 'refund', cents: q.amount };
          }
          return q.id;
        }
      }
    }
  });
  if (changed === 'replay') return false;
  if (afterCommit.moved) money.metrics.moneyMoved(afterCommit.moved.kind, afterCommit.moved.cents);
  // The provider calls, outside the transaction that held the question's lock (ADR 023).
  if (afterCommit.lateRefund) await refundNow(money, afterCommit.lateRefund);
  if (afterCommit.extraRefund) await refundExtraNow(money, afterCommit.extraRefund);
  // A question takes one payment: the other checkouts still open for it are closed.
  const { expireFor } = afterCommit;
  if (expireFor) await expireOpenCheckouts(money, [expireFor.questionId], expireFor.except);
  return true;
}
