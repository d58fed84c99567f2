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
  /** Offered only once the Player's follow-up expired unanswered (ADR 058). */
  follow_up_unanswered: 'Follow-up not answered',
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
  followUpNotExpired: 'This reason applies only once your follow-up has gone unanswered.',
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
  /** Asking with MAX_UNPAID_OPEN_QUESTIONS unpaid questions already waiting (ADR 082). */
  tooManyUnpaid:
    'You already have unpaid questions waiting. Pay for one, or withdraw it, before asking another.',
  /** Paying for a question left unpaid past UNPAID_QUESTION_EXPIRY_MINUTES (ADR 082). */
  expired: 'This question was not paid in time and has been withdrawn. Ask it again to send it.',
} as const;

/** What the server and the screens both need to know to decide who may do what. */
export interface QuestionState {
  status: QuestionStatus;
  paymentStatus: PaymentStatus;
  hasAnswer: boolean;
  disputeFlagged: boolean;
  /** ISO time the dispute window closes (the payout's hold window), null before an answer. */
  disputeUntil: string | null;
  /** What the conversation holds so far (ADR 058); absent: no messages yet. */
  thread?: ThreadFacts;
}

/** At most this many "Ask for details" per question (ADR 058). */
export const MAX_CLARIFICATIONS = 2;

/** What the conversation rules read of a question's messages. */
export interface ThreadFacts {
  detailsRequested: number;
  detailsReplied: number;
  /** ISO time the follow-up stops waiting for its answer; null before one is sent. */
  followUpUntil: string | null;
  followUpAnswered: boolean;
}

export const NO_MESSAGES: ThreadFacts = {
  detailsRequested: 0,
  detailsReplied: 0,
  followUpUntil: null,
  followUpAnswered: false,
};

/** The facts of a thread from its messages' kinds and the question's follow-up times. */
export function threadFactsOf(
  kinds: readonly string[],
  followUp: { until: Date | string | null; answered: boolean },
): ThreadFacts {
  const count = (kind: string) => kinds.filter((k) => k === kind).length;
  const until = followUp.until;
  return {
    detailsRequested: count('clarification_request'),
    detailsReplied: count('clarification_reply'),
    followUpUntil: until === null ? null : typeof until === 'string' ? until : until.toISOString(),
    followUpAnswered: followUp.answered,
  };
}

/** The follow-up was sent and its time ran out before the Coach answered it. */
export const followUpExpired = (s: QuestionState, now: Date = new Date()) =>
  s.thread?.followUpUntil != null &&
  !s.thread.followUpAnswered &&
  now.getTime() >= Date.parse(s.thread.followUpUntil);

/** The follow-up was sent and still waits for the Coach's answer. */
export const followUpWaiting = (s: QuestionState, now: Date = new Date()) =>
  s.thread?.followUpUntil != null && !s.thread.followUpAnswered && !followUpExpired(s, now);

/** The state of a stored question, as the rules below read it (the server's rows are this shape). */
export const questionStateOf = (
  q: {
    status: QuestionStatus;
    paymentStatus: PaymentStatus;
    answer: string | null;
    disputeFlagged: boolean;
  },
  disputeUntil: Date | null,
  thread: ThreadFacts = NO_MESSAGES,
): QuestionState => ({
  status: q.status,
  paymentStatus: q.paymentStatus,
  hasAnswer: q.answer !== null,
  disputeFlagged: q.disputeFlagged,
  disputeUntil: disputeUntil?.toISOString() ?? null,
  thread,
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
    /** The Coach asked for details and the question still waits: one reply per request. */
    replyToDetails:
      s.status === 'pending' &&
      !s.disputeFlagged &&
      (s.thread?.detailsReplied ?? 0) < (s.thread?.detailsRequested ?? 0),
    /** One follow-up, included in the price, while the dispute window is open. */
    followUp:
      paidAndAnswered &&
      !s.disputeFlagged &&
      windowOpen &&
      (s.thread?.followUpUntil ?? null) === null,
  };
}
export type PlayerAction = keyof ReturnType<typeof playerActions>;

/**
 * The owning Coach's actions: answer or decline a question still waiting for an answer, ask for
 * details before answering (at most MAX_CLARIFICATIONS), answer the follow-up while it waits.
 */
export function coachActions(s: QuestionState, now: Date = new Date()) {
  const waiting = s.status === 'pending';
  const answerable = waiting && (s.paymentStatus === 'paid' || s.paymentStatus === 'pending');
  return {
    answer: answerable,
    decline: waiting && s.paymentStatus !== 'refunding' && s.paymentStatus !== 'refunded',
    askForDetails:
      answerable && !s.disputeFlagged && (s.thread?.detailsRequested ?? 0) < MAX_CLARIFICATIONS,
    answerFollowUp:
      s.status === 'answered' &&
      s.paymentStatus === 'paid' &&
      !s.disputeFlagged &&
      followUpWaiting(s, now),
  };
}
export type CoachAction = keyof ReturnType<typeof coachActions>;

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
  /**
   * A partial refund from a dispute (ADR 063): 'claimed' while the provider calls are under way,
   * 'done' once recorded. The payment stays `paid`: the question keeps the rest of it.
   */
  partialRefund?: 'claimed' | 'done';
}

interface Transition {
  from: {
    status?: readonly QuestionStatus[];
    paymentStatus?: readonly PaymentStatus[];
    payout?: readonly (PayoutStatus | null)[];
    partialRefund?: readonly (MoneyState['partialRefund'] | undefined)[];
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
  /**
   * The 7-day sweep, an administrator, the Coach's deletion or the provider's dashboard. Not while a
   * partial refund is under way (ADR 063), nor while its part of the transfer is still to be
   * taken back (a payout `reversing` on a paid question, ADR 070): that one is finished first.
   */
  claimRefund: {
    from: {
      status: LIVE,
      paymentStatus: ['paid'],
      payout: [null, ...PAYOUT_NOT_SENT, ...PAYOUT_SENT, 'cancelled'],
      partialRefund: [undefined, 'done'],
    },
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
    from: { paymentStatus: ['refunding', 'refunded'], payout: ['reversing'] },
    to: (s) => ({ ...s, payout: 'cancelled' }),
  },
  /**
   * An administrator settles a dispute with a partial refund (ADR 063): the payment stays `paid`
   * (the question keeps the rest) and the payout becomes the Coach's share of what is kept; one
   * already sent (or being sent) is partly reversed.
   */
  claimPartialRefund: {
    from: {
      status: ['answered'],
      paymentStatus: ['paid'],
      payout: ['pending', 'held', 'failed', 'transferring', 'paid'],
      partialRefund: [undefined],
    },
    to: (s) => ({
      ...s,
      partialRefund: 'claimed',
      payout: (PAYOUT_SENT as readonly (PayoutStatus | null)[]).includes(s.payout)
        ? 'reversing'
        : s.payout,
    }),
  },
  recordPartialRefund: {
    from: { partialRefund: ['claimed'] },
    to: (s) => ({ ...s, partialRefund: 'done' }),
  },
  /** The part of the transfer taken back: the rest stays with the Coach, so the payout is paid. */
  recordPartialReversal: {
    from: { paymentStatus: ['paid'], payout: ['reversing'], partialRefund: ['claimed', 'done'] },
    to: (s) => ({ ...s, payout: 'paid' }),
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
    admits(from.payout, s.payout) &&
    admits(from.partialRefund, s.partialRefund);
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
  // A full refund may follow a partial one (the rest, from the provider's dashboard): then the
  // refund's own rules above apply.
  if (s.partialRefund !== undefined && !refundStarted) {
    if (s.status !== 'answered' || s.paymentStatus !== 'paid') {
      return 'partly refunded but the rest is not kept';
    }
    if (s.payout === null || s.payout === 'cancelled') {
      return 'partly refunded but the Coach gets no share of what is kept';
    }
  }
  return null;
}
