import { depsOf, type ServiceDeps } from '../../context';
import type { Executor } from '../../db/client';
import { transaction, type Changes } from '../../db/unit-of-work';
import { markPartiallyRefunded, renewRefundClaim } from '../question-records/data';
import { moneyMailSubject, questionMoneyChanged } from './data';
import {
  claimTransfer,
  findPayout,
  findPayoutWithAccount,
  holdPayout,
  lockReleasablePayouts,
  recordPartialReversal,
  recordReversal,
  recordTransfer,
  recordTransferToReverse,
  renewPayoutClaim,
  stalePayoutClaims,
} from './data/payouts';
import {
  claimRefund,
  findQuestionWithPayout,
  lockUnansweredPaidDue,
  lockWaitingQuestionsOfCoach,
  lockWaitingQuestionsOfPlayer,
  recordQuestionRefund,
  staleRefundClaims,
} from './data/question-money';
import { expireOpenCheckouts, expireStaleCheckouts, recoverExtraRefunds } from './extra-payments';
import { queuePayoutSentMail, queueRefundMail } from './money-mail';
import { queueReceiptMail } from './receipts';

export { claimRefund };

/**
 * How money moves (ADR 023): every provider call is made outside any transaction that holds row
 * locks. A short transaction claims the move (the row says `transferring`, `reversing` or
 * `refunding`), the provider is called with an idempotency key, and a second short transaction
 * records the result only if the claim is still there. A crash between the steps leaves a claim,
 * which `recoverMoney` finishes by repeating the call with the same key: the provider answers a
 * repeated key with the first result, so each movement happens once. This file only sequences the
 * steps; the claims and records are the payments module's data functions (`./data/`).
 */
export type Money = Pick<ServiceDeps, 'db' | 'payments' | 'bus' | 'config' | 'logger' | 'metrics'>;

export const moneyOf = depsOf;

/** A claim older than this was left by a process that died (or a provider that never answered). */
export const STALE_CLAIM_MS = 60_000;
const BATCH = 20;
const DAY_MS = 86_400_000;

export const releasableAfter = (answeredAt: Date, holdDays: number) =>
  new Date(answeredAt.getTime() + holdDays * DAY_MS);

const transferKey = (payoutId: string) => `payout-${payoutId}`;
const reversalKey = (payoutId: string) => `reversal-${payoutId}`;
/** A dispute's partial refund reverses part of a transfer once, under its own key (ADR 063). */
const partialReversalKey = (payoutId: string) => `reversal-part-${payoutId}`;
/** The same key whoever refunds (the 7-day sweep, a decline, an administrator): one refund. */
const refundKey = (questionId: string) => `refund-${questionId}`;
/** At most one partial refund per question (ADR 063), under its own key. */
const partialRefundKey = (questionId: string) => `refund-part-${questionId}`;

// ---------------------------------------------------------------- refunds

/**
 * Reverses a transfer that was made before its question was refunded. Needs the transfer's id:
 * when a live transfer claim has not recorded it yet, that claim's owner reverses after recording.
 */
async function completeReversal(money: Money, payoutId: string): Promise<void> {
  const { db, payments } = money;
  const p = await findPayout(db, payoutId);
  if (!p || p.status !== 'reversing' || !p.transferId) return;
  // A dispute's partial refund takes back only its part; the Coach keeps `amount` (ADR 063). Once
  // that part is recorded (`reversalId`), a full refund of the rest takes back `amount` (ADR 070).
  const partial = p.reversedAmount > 0 && p.reversalId === null;
  const cents = partial ? p.reversedAmount : p.amount;
  const { reversalId } = await payments.reverseTransfer({
    transferId: p.transferId,
    amountCents: cents,
    idempotencyKey: partial ? partialReversalKey(p.id) : reversalKey(p.id),
  });
  const recorded = await transaction(money, async (tx, changes) => {
    const done = partial
      ? await recordPartialReversal(tx, p.id, reversalId, new Date())
      : await recordReversal(tx, p.id, reversalId);
    if (!done) return false;
    await questionMoneyChanged(tx, changes, p.questionId);
    return true;
  });
  // Counted once committed, by the one call that recorded it (ADR 051).
  if (recorded) money.metrics.moneyMoved('reversal', cents);
}

/**
 * Finishes a claimed refund: reverses the Coach's transfer if one was made, refunds the Player,
 * then records it and queues the e-mails (once: only the recording that finds the claim does).
 * Returns whether this call recorded the refund.
 */
export async function completeRefund(
  money: Money,
  questionId: string,
  now = new Date(),
): Promise<boolean> {
  const { db, payments, config } = money;
  const row = await findQuestionWithPayout(db, questionId);
  if (!row) return false;
  if (isPartialClaim(row.question)) return completePartialRefund(money, row, now);
  if (row.question.paymentStatus !== 'refunding') return false;
  const q = row.question;
  if (row.payout?.status === 'reversing') {
    if (!row.payout.transferId && isStale(row.payout.claimedAt)) {
      await finishTransfer(money, row.payout.id);
    }
    await completeReversal(money, row.payout.id);
  }
  const { refundId } = await payments.refund({
    paymentIntentId: q.paymentIntentId ?? '',
    idempotencyKey: refundKey(q.id),
  });
  const recorded = await transaction(money, (tx, changes) =>
    recordRefund(tx, changes, config, q.id, refundId, now),
  );
  if (recorded) money.metrics.moneyMoved('refund', q.amount);
  return recorded;
}

const isPartialClaim = (q: {
  partialRefundAmount: number | null;
  partialRefundedAt: Date | null;
}) => q.partialRefundAmount !== null && q.partialRefundedAt === null;

/**
 * Finishes a dispute's partial refund (ADR 063), claimed with the resolution: takes back the part
 * of the Coach's transfer if one was made, refunds the amount to the Player, records it, then lets
 * the Coach's share go out. Returns whether this call recorded it.
 */
async function completePartialRefund(
  money: Money,
  row: NonNullable<Awaited<ReturnType<typeof findQuestionWithPayout>>>,
  now: Date,
): Promise<boolean> {
  const { payments, config } = money;
  const q = row.question;
  const cents = q.partialRefundAmount ?? 0;
  if (row.payout?.status === 'reversing') {
    if (!row.payout.transferId && isStale(row.payout.claimedAt)) {
      await finishTransfer(money, row.payout.id);
    }
    await completeReversal(money, row.payout.id);
  }
  const { refundId } = await payments.refund({
    paymentIntentId: q.paymentIntentId ?? '',
    amountCents: cents,
    idempotencyKey: partialRefundKey(q.id),
  });
  const recorded = await transaction(money, async (tx, changes) => {
    if (!(await markPartiallyRefunded(tx, q.id, refundId, now))) return false;
    await questionMoneyChanged(tx, changes, q.id);
    // The receipt again, now with the part refunded and the total kept (ADR 056, 063).
    await queueReceiptMail(tx, config, q.id);
    return true;
  });
  if (recorded) money.metrics.moneyMoved('refund', cents);
  // The Coach's share of what is kept is releasable now that the dispute is decided.
  await releasePayouts(money, { now, questionId: q.id });
  return recorded;
}

/**
 * Records a claimed refund and queues its e-mails to the Player and the Coach, once: only the
 * recording that finds the claim does. Our own refund calls record here, and so does a refund the
 * provider reports that we did not make (its dashboard), so both sides hear of either alike.
 */
export async function recordRefund(
  tx: Executor,
  changes: Changes,
  config: Money['config'],
  questionId: string,
  refundId: string | null,
  now: Date,
): Promise<boolean> {
  const done = await recordQuestionRefund(tx, changes, questionId, refundId, now);
  if (!done) return false;
  await queueRefundMail(
    tx,
    config,
    await moneyMailSubject(tx, questionId),
    done.reason ?? 'admin',
    done.declineNote,
  );
  // The receipt again, now with its refund lines (ADR 056).
  await queueReceiptMail(tx, config, questionId);
  return true;
}

/** Completes a refund just claimed; a provider failure is left to the recovery sweep. */
export async function refundNow(money: Money, questionId: string, now?: Date): Promise<boolean> {
  try {
    return await completeRefund(money, questionId, now);
  } catch (err) {
    // The claim's own commit has told the pages; the recovery sweep finishes the refund.
    money.logger.error({ err, questionId }, 'refund not completed; the recovery sweep retries it');
    return false;
  }
}

/**
 * Refunds questions still unanswered at their "Answer by" moment: the Coach's promise after their
 * payment succeeded (ADR 040, 060), and tells the Player and the Coach.
 */
export async function refundUnanswered(money: Money, now = new Date()): Promise<number> {
  const claimed = await transaction(money, async (tx, changes) => {
    const due = await lockUnansweredPaidDue(tx, now, BATCH);
    for (const q of due) await claimRefund(tx, changes, q, 'unanswered', now);
    return due.map((q) => q.id);
  });
  let refunded = 0;
  for (const id of claimed) if (await refundNow(money, id, now)) refunded++;
  if (refunded > 0) money.logger.info({ refunded }, 'unanswered questions refunded');
  return refunded;
}

/**
 * A Coach is deleting their account (ADR 037): their questions awaiting an answer are locked, in
 * the deletion's transaction, so a payment being recorded for one either commits first and is
 * refunded here, or waits and finds the Coach gone (and is refunded as an extra payment). The paid
 * ones are claimed for a full refund; `refundDeletedCoachQuestions` makes the calls after commit.
 */
export async function claimDeletedCoachRefunds(
  tx: Executor,
  changes: Changes,
  coachId: string,
  now: Date,
): Promise<{ waiting: string[]; refunds: string[] }> {
  const waiting = await lockWaitingQuestionsOfCoach(tx, coachId);
  const refunds: string[] = [];
  for (const q of waiting) {
    if (await claimRefund(tx, changes, q, 'coach_deleted', now)) refunds.push(q.id);
  }
  return { waiting: waiting.map((q) => q.id), refunds };
}

/**
 * An administrator is suspending an account (ADR 061): the questions waiting for an answer that it
 * asked, or that were asked of it as a Coach, are locked in the suspension's transaction and the
 * paid ones claimed for a full refund, exactly as for a deleted Coach; `refundDeletedCoachQuestions`
 * makes the calls (and expires open checkouts) after the commit.
 */
export async function claimSuspensionRefunds(
  tx: Executor,
  changes: Changes,
  who: { coachId: string | null; playerId: string },
  now: Date,
): Promise<{ waiting: string[]; refunds: string[] }> {
  const waiting = [
    ...(who.coachId ? await lockWaitingQuestionsOfCoach(tx, who.coachId) : []),
    ...(await lockWaitingQuestionsOfPlayer(tx, who.playerId)),
  ];
  const refunds: string[] = [];
  for (const q of waiting) {
    if (await claimRefund(tx, changes, q, 'suspended', now)) refunds.push(q.id);
  }
  return { waiting: waiting.map((q) => q.id), refunds };
}

/** After the deletion commits: the refunds claimed, and no checkout left open for its questions. */
export async function refundDeletedCoachQuestions(
  money: Money,
  claimed: { waiting: string[]; refunds: string[] },
): Promise<void> {
  for (const id of claimed.refunds) await refundNow(money, id);
  await expireOpenCheckouts(money, claimed.waiting);
}

// ---------------------------------------------------------------- transfers

/**
 * Sends a claimed transfer and records it. If the question was refunded while the transfer was
 * in flight, the payout now says `reversing`: the transfer is recorded and reversed at once.
 */
async function finishTransfer(money: Money, payoutId: string): Promise<boolean> {
  const { db, payments, config } = money;
  const row = await findPayoutWithAccount(db, payoutId);
  if (!row || (row.payout.status !== 'transferring' && row.payout.status !== 'reversing')) {
    return false;
  }
  const p = row.payout;
  if (p.transferId) return false;
  // What was claimed to be sent: a part taken back since by a dispute's partial refund is
  // reversed after the transfer (ADR 063), so the call keeps its first parameters.
  const transferred = p.amount + p.reversedAmount;
  const { transferId } = await payments.transfer({
    accountId: row.accountId ?? '',
    amountCents: transferred,
    transferGroup: `question_${p.questionId}`,
    idempotencyKey: transferKey(p.id),
  });
  const now = new Date();
  const { sent, recorded } = await transaction(money, async (tx, changes) => {
    await questionMoneyChanged(tx, changes, p.questionId);
    if (await recordTransfer(tx, p.id, transferId, now)) {
      await queuePayoutSentMail(tx, config, await moneyMailSubject(tx, p.questionId), p.amount);
      return { sent: true, recorded: true };
    }
    return { sent: false, recorded: await recordTransferToReverse(tx, p.id, transferId) };
  });
  // Counted once committed, by the call that recorded it; its reversal is counted on its own.
  if (recorded) money.metrics.moneyMoved('transfer', transferred);
  if (!sent) await completeReversal(money, p.id);
  return sent;
}

/**
 * Releases payouts whose hold window has passed, once their question is paid, no dispute is open,
 * no administrator holds them and the Coach can receive payouts (ADR 023). Blocked ones are
 * marked held, so the Coach sees why. Rows are claimed with SKIP LOCKED, so every process may run
 * this at once; `questionId` releases one payout now (an administrator just released it).
 */
export async function releasePayouts(
  money: Money,
  options: { now?: Date; questionId?: string } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  // Claims only: the pages hear of a payout when its transfer is recorded.
  const claimed = await transaction(money, async (tx) => {
    const due = await lockReleasablePayouts(tx, now, BATCH, options.questionId);
    const toSend: string[] = [];
    for (const p of due) {
      if (p.blocked) {
        await holdPayout(tx, p.id);
        continue;
      }
      await claimTransfer(tx, p.id, now);
      toSend.push(p.id);
    }
    return toSend;
  });
  let released = 0;
  for (const id of claimed) {
    try {
      if (await finishTransfer(money, id)) released++;
    } catch (err) {
      money.logger.error(
        { err, payoutId: id },
        'transfer not completed; the recovery sweep retries it',
      );
    }
  }
  if (released > 0) money.logger.info({ released }, 'payouts released');
  return released;
}

// ---------------------------------------------------------------- recovery

const isStale = (claimedAt: Date | null, now = new Date()) =>
  claimedAt !== null && now.getTime() - claimedAt.getTime() >= STALE_CLAIM_MS;

/**
 * Finishes claims left behind by a crash or a provider failure: transfers, reversals and refunds
 * whose claim is older than STALE_CLAIM_MS. A claim is first renewed with a compare-and-set on its
 * time, so two processes never work on the same one at once.
 */
export async function recoverMoney(money: Money, now = new Date()): Promise<number> {
  const { db } = money;
  const cutoff = new Date(now.getTime() - STALE_CLAIM_MS);
  let finished = 0;
  for (const p of await stalePayoutClaims(db, cutoff, BATCH)) {
    const mine = await renewPayoutClaim(db, p.id, p.claimedAt!, now);
    if (!mine) continue;
    try {
      if (!mine.transferId) await finishTransfer(money, p.id);
      else await completeReversal(money, p.id);
      finished++;
    } catch (err) {
      money.logger.warn({ err, payoutId: p.id }, 'payout recovery failed; retried later');
    }
  }
  for (const q of await staleRefundClaims(db, cutoff, BATCH)) {
    if (!(await renewRefundClaim(db, q.id, q.claimedAt!, now))) continue;
    try {
      await completeRefund(money, q.id);
      finished++;
    } catch (err) {
      money.logger.warn({ err, questionId: q.id }, 'refund recovery failed; retried later');
    }
  }
  finished += await recoverExtraRefunds(money, cutoff, now);
  await expireStaleCheckouts(money, cutoff);
  if (finished > 0) money.logger.info({ finished }, 'money claims recovered');
  return finished;
}
