import { z } from 'zod';
import { optionalSecureText } from './secure-input';

/**
 * A question's lifecycle (spec §4, ADR 023, ADR 040). 'declined': the Coach turned it down;
 * 'withdrawn': the Player took back a question they had not paid for.
 */
export const QUESTION_STATUSES = [
  'pending',
  'answered',
  'refunded',
  'declined',
  'withdrawn',
] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** 'refunding': a refund is claimed and the provider call is under way (or will be retried). */
export const PAYMENT_STATUSES = [
  'unpaid',
  'pending',
  'paid',
  'failed',
  'refunding',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Why a payment went back to the Player. 'coach_deleted': the Coach closed their account unanswered. */
export const REFUND_REASONS = [
  'unanswered',
  'declined',
  'dispute',
  'admin',
  'withdrawn',
  'coach_deleted',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const DISPUTE_REASON_LABELS = {
  not_as_described: 'Not as described',
  incomplete: 'Incomplete answer',
  inappropriate: 'Inappropriate',
  other: 'Other',
} as const;
export type DisputeReason = keyof typeof DISPUTE_REASON_LABELS;
export const DISPUTE_REASONS = Object.keys(DISPUTE_REASON_LABELS) as [
  DisputeReason,
  ...DisputeReason[],
];

export const DISPUTE_MESSAGES = {
  reasonRequired: 'Please choose a reason.',
  detailsLength: 'Details must be at most 2000 characters',
  windowClosed: 'The time to dispute this answer has passed.',
  notPaid: 'Only a paid question can be disputed.',
} as const;

export const disputeSchema = z.object({
  reason: z.enum(DISPUTE_REASONS, { message: DISPUTE_MESSAGES.reasonRequired }),
  details: optionalSecureText(2000, DISPUTE_MESSAGES.detailsLength),
});
export type DisputeInput = z.infer<typeof disputeSchema>;

export const DECLINE_MESSAGES = {
  noteLength: 'The note must be at most 1000 characters',
  notDeclinable: 'Only an unanswered question can be declined.',
  declined: {
    title: 'Question declined.',
    description: 'The Player has been told and any payment is refunded in full.',
  },
  declineFailed: 'Failed to decline the question. Please try again.',
} as const;

export const declineSchema = z.object({
  note: optionalSecureText(1000, DECLINE_MESSAGES.noteLength),
});
export type DeclineInput = z.infer<typeof declineSchema>;

export const UNPAID_MESSAGES = {
  notWithdrawable: 'Only an unpaid, unanswered question can be withdrawn.',
  withdrawn: {
    title: 'Question withdrawn.',
    description: 'It has been removed from the Coach’s inbox.',
  },
  withdrawFailed: 'Failed to withdraw the question. Please try again.',
  ratingNeedsPayment: 'Only a paid question can be rated or reviewed.',
} as const;

/** What the server and the screens both need to know to decide who may do what. */
export interface QuestionState {
  status: QuestionStatus;
  paymentStatus: PaymentStatus;
  hasAnswer: boolean;
  disputeFlagged: boolean;
  /** ISO time the dispute window closes (the payout's hold window), null before an answer. */
  disputeUntil: string | null;
}

/** The state of a stored question, as the rules below read it (the server's rows are this shape). */
export const questionStateOf = (
  q: {
    status: QuestionStatus;
    paymentStatus: PaymentStatus;
    answer: string | null;
    disputeFlagged: boolean;
  },
  disputeUntil: Date | null,
): QuestionState => ({
  status: q.status,
  paymentStatus: q.paymentStatus,
  hasAnswer: q.answer !== null,
  disputeFlagged: q.disputeFlagged,
  disputeUntil: disputeUntil?.toISOString() ?? null,
});

/** A question in one of these can still take its payment. */
export const UNPAID_PAYMENT_STATUSES = ['unpaid', 'pending', 'failed'] as const;
const UNPAID = new Set<PaymentStatus>(UNPAID_PAYMENT_STATUSES);

export const isUnpaid = (s: Pick<QuestionState, 'paymentStatus'>) => UNPAID.has(s.paymentStatus);

/** Both live states: a withdrawn, declined or refunded question is closed to everyone. */
const isOpen = (s: QuestionState) => s.status === 'pending' || s.status === 'answered';

/**
 * The asker's actions on a question, for the buttons and for the server alike, so the page never
 * offers what the server refuses (ADR 023).
 */
export function askerActions(s: QuestionState, now: Date = new Date()) {
  const paidAndAnswered = s.hasAnswer && s.paymentStatus === 'paid' && s.status === 'answered';
  const windowOpen = s.disputeUntil !== null && now.getTime() < Date.parse(s.disputeUntil);
  return {
    pay: isOpen(s) && isUnpaid(s),
    withdraw: s.status === 'pending' && isUnpaid(s),
    rate: paidAndAnswered && !s.disputeFlagged,
    review: paidAndAnswered && !s.disputeFlagged,
    report: s.hasAnswer,
    dispute: paidAndAnswered && !s.disputeFlagged && windowOpen,
  };
}
export type AskerAction = keyof ReturnType<typeof askerActions>;

/** The owning Coach's actions: answer or decline a question still waiting for an answer. */
export function coachActions(s: QuestionState) {
  const waiting = s.status === 'pending';
  return {
    answer: waiting && (s.paymentStatus === 'paid' || s.paymentStatus === 'pending'),
    decline: waiting && s.paymentStatus !== 'refunding' && s.paymentStatus !== 'refunded',
  };
}
