import { and, eq, inArray } from 'drizzle-orm';
import type { PaymentEvent } from '../../adapters/payments/types';
import { experts, processedProviderEvents, questions } from '../../db/schema';
import { transaction } from '../../db/unit-of-work';
import { enqueueMail } from '../mail';
import { mirrorAccountStatus, questionMoneyChanged } from './data';
import { claimRefund, refundNow, type Money } from './settlement';

/**
 * The one place a provider event changes our data (Stripe's webhook and the local provider both come
 * here). Each event id is recorded first, in the same transaction, so a replay does nothing.
 * Returns false for a replay. Inside, each case returns the id of the question it changed, if any.
 */
export async function applyPaymentEvent(
  money: Money,
  provider: 'local' | 'stripe',
  event: PaymentEvent,
): Promise<boolean> {
  const { config } = money;
  let lateRefund: string | null = null;
  const changed = await transaction(money, async (tx, changes) => {
    const [fresh] = await tx
      .insert(processedProviderEvents)
      .values({ provider, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: processedProviderEvents.eventId });
    if (!fresh) return 'replay' as const;
    const questionId = await applyInTransaction();
    // The pages showing the question hear of it once the event's transaction has committed.
    if (questionId) await questionMoneyChanged(tx, changes, questionId);
    return questionId;

    async function applyInTransaction(): Promise<string | null> {
      switch (event.type) {
        case 'checkout.completed': {
          const [paid] = await tx
            .update(questions)
            .set({
              paymentStatus: 'paid',
              paidAt: new Date(),
              paymentIntentId: event.paymentIntentId,
            })
            .where(
              and(
                eq(questions.id, event.questionId),
                inArray(questions.paymentStatus, ['unpaid', 'pending', 'failed']),
              ),
            )
            .returning();
          if (!paid) return null;
          // Paid after the question was closed (withdrawn, declined, refunded): it goes back at once.
          // The update above holds the row lock claimRefund needs.
          if (paid.status !== 'pending' && paid.status !== 'answered') {
            const reason = paid.status === 'declined' ? 'declined' : 'withdrawn';
            if (await claimRefund(tx, changes, paid, reason, new Date())) lateRefund = paid.id;
            return paid.id;
          }
          const [expert] = await tx.select().from(experts).where(eq(experts.id, paid.expertId));
          if (expert && paid.status === 'pending') {
            await enqueueMail(tx, {
              to: expert.email,
              subject: 'You have a new question',
              text: [
                `Hi ${expert.name},`,
                '',
                `${paid.askerName} asked you a question and paid for it:`,
                `${config.PUBLIC_URL}/questions/${paid.id}`,
              ].join('\n'),
            });
          }
          return paid.id;
        }
        case 'payment.failed': {
          const [failed] = await tx
            .update(questions)
            .set({ paymentStatus: 'failed' })
            .where(
              and(
                eq(questions.id, event.questionId),
                inArray(questions.paymentStatus, ['unpaid', 'pending']),
              ),
            )
            .returning({ id: questions.id });
          return failed?.id ?? null;
        }
        case 'checkout.expired':
          // An abandoned checkout leaves the question payable later (design.md §1 'Pay after answer').
          return null;
        case 'account.updated': {
          await mirrorAccountStatus(tx, { accountId: event.accountId }, event.status);
          return null;
        }
        case 'charge.refunded': {
          // Our own refunds record themselves (the question says 'refunding' until then). A paid
          // question refunded outside the app (the provider's dashboard) is recorded here, and its
          // payout cancelled, or reversed by the recovery sweep if it was already sent.
          const [q] = await tx
            .select()
            .from(questions)
            .where(
              and(
                eq(questions.paymentIntentId, event.paymentIntentId),
                eq(questions.paymentStatus, 'paid'),
              ),
            )
            .for('update');
          if (!q) return null;
          const now = new Date();
          await claimRefund(tx, changes, q, 'admin', now);
          await tx
            .update(questions)
            .set({
              paymentStatus: 'refunded',
              status: q.status === 'pending' || q.status === 'answered' ? 'refunded' : q.status,
              refundedAt: now,
              refundClaimedAt: null,
            })
            .where(eq(questions.id, q.id));
          return q.id;
        }
      }
    }
  });
  if (changed === 'replay') return false;
  if (lateRefund) await refundNow(money, lateRefund);
  return true;
}
