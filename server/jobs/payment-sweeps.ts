import {
  expireUnpaidQuestions,
  recoverMoney,
  refundUnanswered,
  releasePayouts,
  remindCoaches,
  type Money,
} from '../modules/payments';
import type { Job } from './queue';

const UNPAID_SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * The money sweeps every process runs (ADR 023): payouts whose hold window has passed, questions
 * unanswered at their "Answer by" (the Coach's promise after payment, ADR 060), the Coach's
 * reminder a day before it, claims a crash left behind, and unpaid questions left too long. Each claims its rows, so any number
 * of processes may run them at once.
 */
export function paymentSweeps(money: Money, intervalMs: number): Job[] {
  return [
    { name: 'payout-release', intervalMs, run: () => releasePayouts(money) },
    { name: 'refund-unanswered', intervalMs, run: () => refundUnanswered(money) },
    { name: 'answer-reminders', intervalMs, run: () => remindCoaches(money) },
    { name: 'money-recovery', intervalMs, run: () => recoverMoney(money) },
    // Not every sweep interval: it scans the unanswered questions, and a few minutes late is
    // harmless, as checkout refuses an expired question and neither the cap nor the Player's
    // limit counts one (ADR 082).
    {
      name: 'unpaid-question-expiry',
      intervalMs: Math.max(intervalMs, UNPAID_SWEEP_INTERVAL_MS),
      run: () => expireUnpaidQuestions(money),
    },
  ];
}
