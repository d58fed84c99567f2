import {
  recoverMoney,
  refundUnanswered,
  releasePayouts,
  remindCoaches,
  type Money,
} from '../modules/payments';
import type { Job } from './queue';

/**
 * The money sweeps every process runs (ADR 023): payouts whose hold window has passed, questions
 * unanswered at their "Answer by" (the Coach's promise after payment, ADR 060), the Coach's
 * reminder a day before it, and claims a crash left behind. Each claims its rows, so any number
 * of processes may run them at once.
 */
export function paymentSweeps(money: Money, intervalMs: number): Job[] {
  return [
    { name: 'payout-release', intervalMs, run: () => releasePayouts(money) },
    { name: 'refund-unanswered', intervalMs, run: () => refundUnanswered(money) },
    { name: 'answer-reminders', intervalMs, run: () => remindCoaches(money) },
    { name: 'money-recovery', intervalMs, run: () => recoverMoney(money) },
  ];
}
