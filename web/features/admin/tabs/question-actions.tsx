import { formatDateTime } from '@contracts/dates';
import { QUESTION_ACTIONS, questionActions, type QuestionAction } from '@contracts/admin-actions';
import type { AdminQuestionState } from '@contracts/admin-data';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { StatusBadge } from '../admin-table';
import { ConfirmAction } from '../confirm-action';

const DESTRUCTIVE = new Set<QuestionAction>(['refund']);

/** The actions the server will accept for this question now, each behind a confirmation. */
export function QuestionActions({ state }: { state: AdminQuestionState }) {
  const actions = questionActions(state);
  if (actions.length === 0) return null;
  return (
    <>
      {actions.map((action) => (
        <ConfirmAction
          key={action}
          action={QUESTION_ACTIONS[action]}
          path={adminApiPaths.questionAction(state.questionId, action)}
          destructive={DESTRUCTIVE.has(action)}
        />
      ))}
    </>
  );
}

/**
 * Where the Coach's money stands, in words. The status 'held' is the sweep's own wait (an open
 * dispute, or a Coach who cannot receive yet); an administrator's hold is said apart from it.
 */
function payoutSummary(state: AdminQuestionState): string {
  if (state.payoutStatus === null) return 'No payout yet';
  if (state.payoutHeldByAdmin) return 'Payout held by an administrator';
  if (state.payoutStatus === 'held') return 'Payout waiting: dispute open or Coach not set up';
  if (state.payoutStatus === 'reversing') return 'Payout being reversed';
  return `Payout ${state.payoutStatus}`;
}

/** A report's or a dispute's standing: its own status, the payout, and when it was raised. */
export function ModerationState({
  status,
  state,
  createdAt,
}: {
  status: string;
  state: AdminQuestionState;
  createdAt: string;
}) {
  return (
    <>
      <StatusBadge>{status}</StatusBadge>
      <span className="mt-1 block text-xs text-muted">{payoutSummary(state)}</span>
      <span className="block text-xs text-muted">{formatDateTime(createdAt)}</span>
    </>
  );
}
