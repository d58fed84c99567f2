import { recoverMoney, refundUnanswered, releasePayouts, type Money } from '../modules/payments';
import type { Job } from './queue';

/**
 * The money sweeps every process runs (ADR 023): payouts whose hold window has passed, questions
 * unanswered 7 days after payment, and claims a crash left behind. Each claims its rows, so any
 * number of processes may run them at once.
 */
export function paymentSweeps(money: Money, intervalMs: number): Job[] {
  return [
    { name: 'payout-release', intervalMs, run: () => releasePayouts(money) },
    { name: 'refund-unanswered', intervalMs, run: () => refundUnanswered(money) },
    { name: 'money-recovery', intervalMs, run: () => recoverMoney(money) },
  ];
}
