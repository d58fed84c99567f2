import type { AdminQuestionState } from './admin-data';

/**
 * What an administrator can do about a reported or disputed question (ADR 015). The server refuses
 * an action this function does not offer, so a stale screen or a second click changes nothing.
 */
export const QUESTION_ACTIONS = {
  'dismiss-dispute': {
    label: 'Dismiss dispute',
    confirm:
      'Dismiss this dispute? It is closed without action and the payout follows the normal rules.',
    done: 'Dispute dismissed',
  },
  refund: {
    label: 'Refund Player',
    confirm:
      "Refund the Player in full? The payment goes back through the payment provider and the Coach's payout is cancelled.",
    done: 'Player refunded',
  },
  'hold-payout': {
    label: 'Hold payout',
    confirm: 'Hold this payout? It is not transferred to the Coach until you release it.',
    done: 'Payout held',
  },
  'release-payout': {
    label: 'Release payout',
    confirm:
      'Release this payout? It is transferred to the Coach as soon as their payouts are enabled.',
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

export const ADMIN_ACTION_MESSAGES = {
  unavailable: 'This action is no longer available: the question changed since the page loaded.',
  reportClosed: 'This report is already closed.',
  notFound: 'Not found.',
  providerFailed:
    'The payment provider could not refund this payment. Nothing was changed; try again.',
} as const;

const PAYOUT_OPEN = new Set(['pending', 'held']);

export function questionActions(state: AdminQuestionState): QuestionAction[] {
  const actions: QuestionAction[] = [];
  const payoutOpen = state.payoutStatus !== null && PAYOUT_OPEN.has(state.payoutStatus);
  if (state.disputeFlagged && state.disputeResolution === null) actions.push('dismiss-dispute');
  // A transferred payout is the Coach's; a refund then needs a transfer reversal (ADR 015).
  if (state.paymentStatus === 'paid' && (state.payoutStatus === null || payoutOpen)) {
    actions.push('refund');
  }
  if (payoutOpen && !state.payoutHeldByAdmin) actions.push('hold-payout');
  if (payoutOpen && state.payoutHeldByAdmin) actions.push('release-payout');
  return actions;
}
