/**
 * The payments module's public surface: money movements (settlement, ADR 023), the money e-mails,
 * the payout and dispute records other modules take part in, and the payment routes.
 */
export { applyPaymentEvent } from './apply-event';
export {
  accountStatusFromDatabase,
  createPayout,
  moneyMailSubject,
  movePayoutWindow,
  questionMoneyChanged,
  setPayoutHold,
  type QuestionParticipants,
} from './data';
export { claimPartialRefund, lockQuestionForDecision } from './data/question-money';
export { historyRoutes } from './history';
export {
  queueDisputeMail,
  queueDisputeResolvedMail,
  queueUnpaidDeclineMail,
  type DisputeSettlement,
} from './money-mail';
export { remindCoaches } from './reminders';
export { paymentRoutes } from './routes';
export {
  claimDeletedCoachRefunds,
  claimRefund,
  claimSuspensionRefunds,
  moneyOf,
  recoverMoney,
  refundDeletedCoachQuestions,
  refundNow,
  refundUnanswered,
  releasableAfter,
  releasePayouts,
  type Money,
} from './settlement';
export { statementCsv, statementFileName } from './statements';
export { expireUnpaidQuestions } from './unpaid-expiry';
export { stripeWebhookRoutes } from './webhook';
