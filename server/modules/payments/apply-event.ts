import { and, eq, inArray } from 'drizzle-orm';
import type { EventBus } from '../../adapters/events/types';
import type { PaymentEvent } from '../../adapters/payments/types';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { experts, processedProviderEvents, questions } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { findQuestion } from '../questions/data';

/**
 * The one place a provider event changes our data (Stripe's webhook and the local provider both come
 * here). Each event id is recorded first, in the same transaction, so a replay does nothing.
 * Returns false for a replay. Inside, each case returns the id of the question it changed, if any.
 */
export async function applyPaymentEvent(
  db: Database,
  bus: EventBus,
  config: Config,
  provider: 'local' | 'stripe',
  event: PaymentEvent,
): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processedProviderEvents)
      .values({ provider, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: processedProviderEvents.eventId });
    if (!fresh) return 'replay' as const;

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
        await tx
          .update(experts)
          .set({
            stripeOnboardingComplete: event.status.onboardingComplete,
            stripeChargesEnabled: event.status.chargesEnabled,
            stripePayoutsEnabled: event.status.payoutsEnabled,
          })
          .where(eq(experts.stripeAccountId, event.accountId));
        return null;
      }
      case 'charge.refunded': {
        const now = new Date();
        const [refunded] = await tx
          .update(questions)
          .set({ paymentStatus: 'refunded' })
          .where(eq(questions.paymentIntentId, event.paymentIntentId))
          .returning();
        if (refunded && refunded.status === 'pending') {
          await tx
            .update(questions)
            .set({ status: 'refunded', refundedAt: now })
            .where(eq(questions.id, refunded.id));
        }
        return refunded?.id ?? null;
      }
    }
  });
  if (changed === 'replay') return false;
  if (changed) {
    const row = await findQuestion(db, changed);
    if (row) {
      await bus.publish('questions.changed', {
        questionId: changed,
        askerId: row.question.askerId,
        expertUserId: row.expertUserId,
      });
    }
  }
  return true;
}
