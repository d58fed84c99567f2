import { and, eq, inArray, isNull, lte, not, notInArray, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { REFUND_AFTER_DAYS } from '../../contracts/limits';
import type { EventBus } from '../adapters/events/types';
import type { PaymentProvider } from '../adapters/payments/types';
import type { Database } from '../db/client';
import { experts, payouts, questions } from '../db/schema';
import { enqueueMail } from '../modules/mail/outbox';

const BATCH = 20;
const DAY_MS = 86_400_000;

/**
 * Releases payouts by transfer once their question is paid, not disputed and the Coach can receive
 * payouts; holds them while disputed, held by an administrator or while the Coach cannot receive
 * (design.md §1, ADR 015). Rows are
 * claimed with SKIP LOCKED and each transfer carries the payout's idempotency key, so every process
 * may run this at once and a payout is transferred once.
 */
export async function releasePayouts(
  db: Database,
  provider: PaymentProvider,
  logger: Pick<Logger, 'info'>,
  now: Date = new Date(),
  /** Only this question's payout: an administrator just released it. */
  questionId?: string,
): Promise<number> {
  // Blocked: the same rule as the loop below, in SQL, so a batch never fills up with payouts that
  // cannot move (unpaid questions, or held ones still held) and starves the ones behind them.
  const blocked = or(
    payouts.heldByAdmin,
    not(experts.stripePayoutsEnabled),
    isNull(experts.stripeAccountId),
    and(
      questions.disputeFlagged,
      or(
        isNull(questions.disputeResolution),
        notInArray(questions.disputeResolution, ['dismissed', 'released']),
      ),
    ),
  );
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ payout: payouts, question: questions, expert: experts })
      .from(payouts)
      .innerJoin(questions, eq(questions.id, payouts.questionId))
      .innerJoin(experts, eq(experts.id, payouts.expertId))
      .where(
        and(
          inArray(payouts.status, ['pending', 'held']),
          eq(questions.paymentStatus, 'paid'),
          // A pending payout that is blocked is claimed once, to be marked held; a held one only
          // once it can be released.
          or(eq(payouts.status, 'pending'), not(blocked ?? sql`false`)),
          questionId ? eq(payouts.questionId, questionId) : undefined,
        ),
      )
      .orderBy(payouts.createdAt)
      .limit(BATCH)
      .for('update', { of: payouts, skipLocked: true });
    let released = 0;
    for (const { payout, question, expert } of due) {
      const canReceive = expert.stripePayoutsEnabled && expert.stripeAccountId;
      // A dispute holds the payout until an administrator dismisses it or releases the payout.
      const disputeOpen =
        question.disputeFlagged &&
        question.disputeResolution !== 'dismissed' &&
        question.disputeResolution !== 'released';
      if (disputeOpen || payout.heldByAdmin || !canReceive) {
        if (payout.status !== 'held') {
          await tx.update(payouts).set({ status: 'held' }).where(eq(payouts.id, payout.id));
        }
        continue;
      }
      const { transferId } = await provider.transfer({
        accountId: expert.stripeAccountId ?? '',
        amountCents: payout.amount,
        transferGroup: `question_${question.id}`,
        idempotencyKey: `payout-${payout.id}`,
      });
      await tx
        .update(payouts)
        .set({ status: 'paid', paidAt: now, transferId })
        .where(eq(payouts.id, payout.id));
      released++;
    }
    if (released > 0) logger.info({ released }, 'payouts released');
    return released;
  });
}

/**
 * Refunds questions still unanswered 7 days after their payment succeeded (design.md §1), through
 * the provider with one idempotency key per question, and tells the Player.
 */
export async function refundUnanswered(
  db: Database,
  provider: PaymentProvider,
  bus: EventBus,
  logger: Logger,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - REFUND_AFTER_DAYS * DAY_MS);
  const refunded = await db.transaction(async (tx) => {
    const due = await tx
      .select({ question: questions, expertUserId: experts.userId })
      .from(questions)
      .innerJoin(experts, eq(experts.id, questions.expertId))
      .where(
        and(
          eq(questions.status, 'pending'),
          eq(questions.paymentStatus, 'paid'),
          lte(questions.paidAt, cutoff),
        ),
      )
      .orderBy(questions.paidAt)
      .limit(BATCH)
      .for('update', { of: questions, skipLocked: true });
    for (const { question } of due) {
      await provider.refund({
        paymentIntentId: question.paymentIntentId ?? '',
        idempotencyKey: `refund-${question.id}`,
      });
      await tx
        .update(questions)
        .set({ status: 'refunded', paymentStatus: 'refunded', refundedAt: now })
        .where(eq(questions.id, question.id));
      await enqueueMail(tx, {
        to: question.askerEmail,
        subject: 'Your question was refunded',
        text: [
          `Hi ${question.askerName},`,
          '',
          `Your question was not answered within ${REFUND_AFTER_DAYS} days, so we refunded your payment in full.`,
        ].join('\n'),
      });
    }
    return due;
  });
  for (const { question, expertUserId } of refunded) {
    await bus.publish('questions.changed', {
      questionId: question.id,
      askerId: question.askerId,
      expertUserId,
    });
  }
  if (refunded.length > 0) logger.info({ refunded: refunded.length }, 'questions refunded');
  return refunded.length;
}
