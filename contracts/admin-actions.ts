import type { AdminQuestionState } from './admin-data';

/**
 * What an administrator can do about a reported or disputed question (ADR 015). The server refuses
 * an action this function does not offer, so a stale screen or a second click changes nothing.
 */
export const QUESTION_ACTIONS = {
  refund: {
    label: 'Refund Player',
    confirm:
      "Refund the Player in full? The payment goes back through the payment provider and the Coach's payout is cancelled (or reversed if it was already sent).",
    done: 'Player refunded',
  },
  'hold-payout': {
    label: 'Hold payout',
    confirm: 'Hold this payout? It is not transferred to the Coach until you release it.',
    done: 'Payout held',
  },
  'release-payout': {
    label: 'Release payout',
    confirm: 'Release this payout? It is transferred as soon as the Coach’s payouts are enabled.',
    done: 'Payout released',
  },
} as const;
export type QuestionAction = keyof typeof QUESTION_ACTIONS;
export const QUESTION_ACTION_NAMES = Object.keys(QUESTION_ACTIONS) as QuestionAction[];

export const REPORT_DISMISS = {
  label: 'Dismiss report',
  confirm: 'Dismiss this report? It is closed without action.',
  done: 'Report dismissed',
} as const;

export const JOB_RETRY = {
  label: 'Retry',
  confirm: 'Run this job again? An e-mail is sent again with a fresh set of attempts.',
  done: 'Job queued again',
} as const;

export const ADMIN_ACTION_MESSAGES = {
  jobNotFailed: 'This job is no longer failed.',
  unavailable: 'This action is no longer available: the question changed since the page loaded.',
  reportClosed: 'This report is already closed.',
  notFound: 'Not found.',
  /** An open dispute is settled only by `Review dispute`, with its note (ADR 066). */
  disputeNeedsNote:
    'An open dispute is resolved with a note both sides see: use Review dispute on the Disputes tab.',
  providerFailed:
    'The refund is recorded, but the payment provider did not confirm it yet. It is retried automatically.',
} as const;

const PAYOUT_OPEN = new Set(['pending', 'held']);

/** Whether the question's dispute waits for an administrator's resolution. */
export const disputeOpen = (
  state: Pick<AdminQuestionState, 'disputeFlagged' | 'disputeResolution'>,
) => state.disputeFlagged && state.disputeResolution === null;

/**
 * None while a dispute is open: its payout is already held, and refunding or releasing would
 * settle it without the note both sides must see (issue 24, ADR 066).
 */
export function questionActions(state: AdminQuestionState): QuestionAction[] {
  if (disputeOpen(state)) return [];
  const actions: QuestionAction[] = [];
  const payoutOpen = state.payoutStatus !== null && PAYOUT_OPEN.has(state.payoutStatus);
  // A payout already sent is reversed as part of the refund (ADR 023).
  if (state.paymentStatus === 'paid') actions.push('refund');
  if (payoutOpen && !state.payoutHeldByAdmin) actions.push('hold-payout');
  if (payoutOpen && state.payoutHeldByAdmin) actions.push('release-payout');
  return actions;
}
