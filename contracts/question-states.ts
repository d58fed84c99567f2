import { z } from 'zod';
import type { PayoutStatus } from './payments';
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

/** Why a payment went back to the Player. 'coach_deleted': the Coach closed their account unanswered; 'suspended': an administrator suspended the Coach or the Player (ADR 061). */
export const REFUND_REASONS = [
  'unanswered',
  'declined',
  'dispute',
  'admin',
  'withdrawn',
  'coach_deleted',
  'suspended',
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
 * The Player's actions on a question, for the buttons and for the server alike, so the page never
 * offers what the server refuses (ADR 023).
 */
export function playerActions(s: QuestionState, now: Date = new Date()) {
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
export type PlayerAction = keyof ReturnType<typeof playerActions>;

/** The owning Coach's actions: answer or decline a question still waiting for an answer. */
export function coachActions(s: QuestionState) {
  const waiting = s.status === 'pending';
  return {
    answer: waiting && (s.paymentStatus === 'paid' || s.paymentStatus === 'pending'),
    decline: waiting && s.paymentStatus !== 'refunding' && s.paymentStatus !== 'refunded',
  };
}

// ---------------------------------------------------------------- transitions

/**
 * Every change a question's status and payment status can go through, and the payout's, in one
 * place (issue 22). The server's data functions carry the names (`markAnswered`, `markPaid`,
 * `claimRefund`, `recordRefund`, `claimTransfer`, `recordTransfer`, `holdPayout`...); the action
 * rules above agree with it (`question-states.test.ts`). A transition applies when the question's
 * status and payment status and the payout's status are among its `from`; `to` names what it sets.
 * A question is created `pending` with its payment `pending` (the checkout is started at once); its
 * payout is created `pending` by its answer.
 */
export interface MoneyState {
  status: QuestionStatus;
  paymentStatus: PaymentStatus;
  /** null until the answer creates the payout. */
  payout: PayoutStatus | null;
}

interface Transition {
  from: {
    status?: readonly QuestionStatus[];
    paymentStatus?: readonly PaymentStatus[];
    payout?: readonly (PayoutStatus | null)[];
  };
  to: (s: MoneyState) => MoneyState;
}

const LIVE = ['pending', 'answered'] as const;
const CLOSED_UNANSWERED = ['declined', 'withdrawn'] as const;
const PAYOUT_NOT_SENT = ['pending', 'held', 'failed'] as const;
const PAYOUT_SENT = ['transferring', 'paid'] as const;

/** A refund claim takes the payout with it: one not sent is cancelled, one sent is reversed. */
const payoutOnRefund = (payout: PayoutStatus | null): PayoutStatus | null =>
  payout === null || payout === 'reversing' || payout === 'cancelled'
    ? payout
    : (PAYOUT_NOT_SENT as readonly string[]).includes(payout)
      ? 'cancelled'
      : 'reversing';

export const QUESTION_TRANSITIONS = {
  /** The provider reports the payment: the question keeps it (any other is an extra payment). */
  markPaid: {
    from: { status: LIVE, paymentStatus: UNPAID_PAYMENT_STATUSES },
    to: (s) => ({ ...s, paymentStatus: 'paid' }),
  },
  /** A payment for a declined or withdrawn question: taken and its refund claimed at once. */
  markPaidLate: {
    from: { status: CLOSED_UNANSWERED, paymentStatus: UNPAID_PAYMENT_STATUSES },
    to: (s) => ({ ...s, paymentStatus: 'refunding' }),
  },
  markPaymentFailed: {
    from: { paymentStatus: ['unpaid', 'pending'] },
    to: (s) => ({ ...s, paymentStatus: 'failed' }),
  },
  /** The answer creates the payout (`createPayout`). */
  markAnswered: {
    from: { status: ['pending'], paymentStatus: ['paid', 'pending'], payout: [null] },
    to: (s) => ({ ...s, status: 'answered', payout: 'pending' }),
  },
  markWithdrawn: {
    from: { status: ['pending'], paymentStatus: UNPAID_PAYMENT_STATUSES },
    to: (s) => ({ ...s, status: 'withdrawn' }),
  },
  /** A paid question's refund is claimed in the decline's transaction. */
  markDeclined: {
    from: { status: ['pending'], paymentStatus: [...UNPAID_PAYMENT_STATUSES, 'paid'] },
    to: (s) => ({
      ...s,
      status: 'declined',
      paymentStatus: s.paymentStatus === 'paid' ? 'refunding' : s.paymentStatus,
    }),
  },
  /** The 7-day sweep, an administrator, the Coach's deletion or the provider's dashboard. */
  claimRefund: {
    from: { status: LIVE, paymentStatus: ['paid'] },
    to: (s) => ({ ...s, paymentStatus: 'refunding', payout: payoutOnRefund(s.payout) }),
  },
  /** A declined or withdrawn question keeps saying so; any other is now refunded. */
  recordRefund: {
    from: { paymentStatus: ['refunding'] },
    to: (s) => ({
      ...s,
      paymentStatus: 'refunded',
      status: s.status === 'declined' || s.status === 'withdrawn' ? s.status : 'refunded',
    }),
  },
  /** The sweep finds the payout blocked (a hold, a dispute, no payouts account) or an administrator holds it. */
  holdPayout: {
    from: { payout: ['pending', 'held'] },
    to: (s) => ({ ...s, payout: 'held' }),
  },
  claimTransfer: {
    from: { paymentStatus: ['paid'], payout: ['pending', 'held'] },
    to: (s) => ({ ...s, payout: 'transferring' }),
  },
  recordTransfer: {
    from: { payout: ['transferring'] },
    to: (s) => ({ ...s, payout: 'paid' }),
  },
  recordReversal: {
    from: { payout: ['reversing'] },
    to: (s) => ({ ...s, payout: 'cancelled' }),
  },
} satisfies Record<string, Transition>;
export type QuestionTransition = keyof typeof QUESTION_TRANSITIONS;

const admits = <T>(allowed: readonly T[] | undefined, value: T) =>
  allowed === undefined || allowed.includes(value);

/** The state after `name`, or null when the transition does not apply to `s`. */
export function applyTransition(s: MoneyState, name: QuestionTransition): MoneyState | null {
  const { from, to } = QUESTION_TRANSITIONS[name] as Transition;
  const applies =
    admits(from.status, s.status) &&
    admits(from.paymentStatus, s.paymentStatus) &&
    admits(from.payout, s.payout);
  return applies ? to(s) : null;
}

/**
 * Why a state cannot exist, or null when it can: money owed to one side is never owed to the other,
 * and a closed question is never paid.
 */
export function impossibility(s: MoneyState): string | null {
  const refundStarted = s.paymentStatus === 'refunding' || s.paymentStatus === 'refunded';
  if (s.status === 'refunded' && s.paymentStatus !== 'refunded') return 'refunded but not repaid';
  if (s.paymentStatus === 'refunded' && (s.status === 'pending' || s.status === 'answered')) {
    return 'repaid but still open';
  }
  if ((CLOSED_UNANSWERED as readonly string[]).includes(s.status) && s.paymentStatus === 'paid') {
    return 'closed but keeps the payment';
  }
  if (s.payout !== null && s.status !== 'answered' && s.status !== 'refunded') {
    return 'a payout without an answer';
  }
  if (s.payout !== null && (PAYOUT_SENT as readonly string[]).includes(s.payout) && refundStarted) {
    return 'the Coach is paid for a refunded question';
  }
  if (s.payout !== null && (PAYOUT_SENT as readonly string[]).includes(s.payout)) {
    if (s.paymentStatus !== 'paid') return 'the Coach is paid for an unpaid question';
  }
  if (refundStarted && s.payout !== null && s.payout !== 'cancelled' && s.payout !== 'reversing') {
    return 'a payout still owed on a refunded question';
  }
  return null;
}
