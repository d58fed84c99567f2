import { UNPAID_QUESTION_EXPIRY_MINUTES } from '../../../contracts/limits';
import { transaction } from '../../db/unit-of-work';
import { markWithdrawn } from '../question-records/data';
import { lockUnpaidExpired } from './data/question-money';
import { expireOpenCheckouts } from './extra-payments';
import type { Money } from './settlement';

const BATCH = 50;
const MINUTE_MS = 60_000;

/**
 * Withdraws unpaid questions left waiting UNPAID_QUESTION_EXPIRY_MINUTES (issue 36, ADR 082), as
 * the Player's Withdraw would: they leave the Coach's inbox and can no longer be paid for. One with
 * a checkout under way waits for it to end, so a payment in flight is never cut off; a payment
 * reported after the withdrawal is refunded at once (ADR 023's late payment). Claimed with SKIP
 * LOCKED, so any number of processes may run it. Returns how many were withdrawn.
 */
export async function expireUnpaidQuestions(money: Money, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNPAID_QUESTION_EXPIRY_MINUTES * MINUTE_MS);
  let expired = 0;
  for (;;) {
    const ids = await transaction(money, async (tx, changes) => {
      const due = await lockUnpaidExpired(tx, cutoff, BATCH);
      for (const q of due) {
        const who = { questionId: q.id, coachUserId: q.coachUserId, playerId: q.playerId };
        await markWithdrawn(tx, changes, who, now);
      }
      return due.map((q) => q.id);
    });
    // Sessions past their time, closed at the provider too (the recovery sweep retries a failure).
    await expireOpenCheckouts(money, ids);
    expired += ids.length;
    if (ids.length < BATCH) break;
  }
  if (expired > 0) money.logger.info({ expired }, 'unpaid questions withdrawn');
  return expired;
}
