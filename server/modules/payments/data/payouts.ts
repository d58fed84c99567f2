import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, not, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { coaches, payouts, questions } from '../../../db/schema';

/**
 * A payout's transitions (ADR 023; the allowed ones are `QUESTION_TRANSITIONS`' payout column in
 * contracts/question-states.ts): pending/held → transferring → paid, and from any live state to
 * cancelled or reversing when its question is refunded. Each write names the state it leaves, so
 * a claim that another process already moved is not overwritten.
 */

/** The question's payout, locked for a refund claim; undefined before an answer. */
export async function lockPayoutOfQuestion(tx: Executor, questionId: string) {
  const [payout] = await tx
    .select({ id: payouts.id, status: payouts.status, amount: payouts.amount })
    .from(payouts)
    .where(eq(payouts.questionId, questionId))
    .for('update');
  return payout;
}

/**
 * A dispute's partial refund on a payout not sent yet (ADR 063): it becomes the Coach's share of
 * what is kept, releasable now that the dispute is decided.
 */
export async function reducePayout(tx: Executor, payoutId: string, amount: number, now: Date) {
  await tx
    .update(payouts)
    .set({ amount, heldByAdmin: false, releasableAt: now })
    .where(eq(payouts.id, payoutId));
}

/**
 * A dispute's partial refund on a payout sent (or being sent): `reversed` of the transfer is to be
 * taken back, and `amount` is what the Coach keeps. `claimedAt` undefined keeps the claim time of a
 * transfer in flight: whoever records it reverses the part.
 */
export async function claimPartialReversal(
  tx: Executor,
  payoutId: string,
  split: { amount: number; reversed: number },
  claimedAt: Date | undefined,
) {
  await tx
    .update(payouts)
    .set({
      status: 'reversing',
      amount: split.amount,
      reversedAmount: split.reversed,
      heldByAdmin: false,
      claimedAt,
    })
    .where(eq(payouts.id, payoutId));
}

/** Records the reversal of part of a transfer: the rest stays with the Coach, so it is paid. */
export async function recordPartialReversal(
  tx: Executor,
  payoutId: string,
  reversalId: string,
  now: Date,
) {
  const [done] = await tx
    .update(payouts)
    .set({
      status: 'paid',
      reversalId,
      claimedAt: null,
      paidAt: sql`coalesce(${payouts.paidAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'reversing')))
    .returning({ id: payouts.id });
  return done !== undefined;
}

/** A payout not sent yet is cancelled with its refunded question. */
export async function cancelPayout(tx: Executor, payoutId: string) {
  await tx
    .update(payouts)
    .set({ status: 'cancelled', heldByAdmin: false })
    .where(eq(payouts.id, payoutId));
}

/**
 * A payout sent (or being sent) is to be reversed. `claimedAt` undefined keeps the claim time of a
 * transfer in flight: whoever records it reverses it.
 */
export async function claimReversal(tx: Executor, payoutId: string, claimedAt: Date | undefined) {
  await tx
    .update(payouts)
    .set({ status: 'reversing', heldByAdmin: false, claimedAt })
    .where(eq(payouts.id, payoutId));
}

export async function findPayout(db: Executor, payoutId: string) {
  const [p] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  return p;
}

/** Records a reversal the provider made; returns whether the claim was still there. */
export async function recordReversal(tx: Executor, payoutId: string, reversalId: string) {
  const [done] = await tx
    .update(payouts)
    .set({ status: 'cancelled', reversalId, claimedAt: null })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'reversing')))
    .returning({ id: payouts.id });
  return done !== undefined;
}

/** A payout with the Coach's connected account it is sent to. */
export async function findPayoutWithAccount(db: Executor, payoutId: string) {
  const [row] = await db
    .select({ payout: payouts, accountId: coaches.stripeAccountId })
    .from(payouts)
    .innerJoin(coaches, eq(coaches.id, payouts.coachId))
    .where(eq(payouts.id, payoutId));
  return row;
}

/** Records a transfer the provider made on a claim still `transferring`; returns whether it did. */
export async function recordTransfer(tx: Executor, payoutId: string, transferId: string, now: Date) {
  const [paid] = await tx
    .update(payouts)
    .set({ status: 'paid', paidAt: now, transferId, claimedAt: null })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'transferring')))
    .returning({ id: payouts.id });
  return paid !== undefined;
}

/**
 * A transfer made while its question was refunded: kept on the payout, which is then reversed.
 * Returns whether this call recorded it (a payout that already has it is left alone).
 */
export async function recordTransferToReverse(tx: Executor, payoutId: string, transferId: string) {
  const [kept] = await tx
    .update(payouts)
    .set({ transferId })
    .where(
      and(eq(payouts.id, payoutId), eq(payouts.status, 'reversing'), isNull(payouts.transferId)),
    )
    .returning({ id: payouts.id });
  return kept !== undefined;
}

/**
 * Payouts whose hold window has passed and whose question is paid, locked with SKIP LOCKED (the
 * question too, so a refund or a dispute decided on it waits for this claim), with whether they
 * are blocked (held by an administrator, the Coach cannot receive payouts, a dispute is open).
 */
export function lockReleasablePayouts(
  tx: Executor,
  now: Date,
  limit: number,
  questionId: string | undefined,
) {
  const disputeOpen = and(questions.disputeFlagged, isNull(questions.disputeResolution));
  // A follow-up still waiting keeps the payout (ADR 058); its window was moved past it anyway.
  // Without a follow-up the comparison is NULL, which would make `blocked` NULL and keep a held
  // payout from ever being claimed: the NOT NULL test makes it false instead.
  const followUpWaiting = and(
    isNotNull(questions.followUpUntil),
    isNull(questions.followUpAnsweredAt),
    gt(questions.followUpUntil, now),
  );
  const blocked = or(
    payouts.heldByAdmin,
    not(coaches.stripePayoutsEnabled),
    isNull(coaches.stripeAccountId),
    disputeOpen,
    followUpWaiting,
  );
  return tx
    .select({ id: payouts.id, blocked: sql<boolean>`${blocked}` })
    .from(payouts)
    .innerJoin(questions, eq(questions.id, payouts.questionId))
    .innerJoin(coaches, eq(coaches.id, payouts.coachId))
    .where(
      and(
        inArray(payouts.status, ['pending', 'held']),
        lte(payouts.releasableAt, now),
        eq(questions.paymentStatus, 'paid'),
        // A pending payout that is blocked is claimed once, to be marked held; a held one only
        // once it can be released, so a batch never fills up with payouts that cannot move.
        or(eq(payouts.status, 'pending'), not(blocked ?? sql`false`)),
        questionId ? eq(payouts.questionId, questionId) : undefined,
      ),
    )
    .orderBy(payouts.releasableAt)
    .limit(limit)
    .for('update', { of: [payouts, questions], skipLocked: true });
}

/** A due payout that cannot move yet says so, so the Coach sees why (one already held stays). */
export async function holdPayout(tx: Executor, payoutId: string) {
  await tx
    .update(payouts)
    .set({ status: 'held' })
    .where(and(eq(payouts.id, payoutId), ne(payouts.status, 'held')));
}

export async function claimTransfer(tx: Executor, payoutId: string, now: Date) {
  await tx
    .update(payouts)
    .set({ status: 'transferring', claimedAt: now })
    .where(eq(payouts.id, payoutId));
}

/** Payout claims older than `cutoff`: left by a crash or a provider failure. */
export function stalePayoutClaims(db: Executor, cutoff: Date, limit: number) {
  return db
    .select({ id: payouts.id, claimedAt: payouts.claimedAt })
    .from(payouts)
    .where(lte(payouts.claimedAt, cutoff))
    .limit(limit);
}

/**
 * Renews a stale claim with a compare-and-set on its time, so two processes never work on the same
 * one at once; undefined when another process took it.
 */
export async function renewPayoutClaim(db: Executor, payoutId: string, claimedAt: Date, now: Date) {
  const [mine] = await db
    .update(payouts)
    .set({ claimedAt: now })
    .where(and(eq(payouts.id, payoutId), eq(payouts.claimedAt, claimedAt)))
    .returning({ status: payouts.status, transferId: payouts.transferId });
  return mine;
}
