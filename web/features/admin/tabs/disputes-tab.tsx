import type { AdminDisputeRow } from '@contracts/admin-data';
import { formatAdminAmount } from '@contracts/money';
import { DISPUTE_REASON_LABELS } from '@contracts/question-states';
import { adminApiPaths } from '@contracts/admin-api-paths';
import type { Column } from '../admin-table';
import { FilteredTable } from '../filtered-table';
import { UserLink } from '../user-link';
import { DisputeReview } from './dispute-review';
import { ModerationState, QuestionActions } from './question-actions';

const STATES = [
  { value: 'open', label: 'Open' },
  { value: 'settled', label: 'Settled' },
  { value: 'all', label: 'All' },
] as const;

const columns: Column<AdminDisputeRow>[] = [
  {
    header: 'Question and answer',
    cell: (d) => (
      <>
        <span className="block font-semibold text-navy">{d.question}</span>
        <span className="mt-1 block text-muted">{d.answer}</span>
      </>
    ),
    className: 'min-w-72 max-w-lg',
  },
  {
    header: 'Reason',
    cell: (d) => (
      <>
        <span className="block font-semibold text-navy">
          {d.disputeReason ? DISPUTE_REASON_LABELS[d.disputeReason] : 'Not given'}
        </span>
        {d.disputeDetails && <span className="mt-1 block text-muted">{d.disputeDetails}</span>}
      </>
    ),
    className: 'min-w-40 max-w-xs',
  },
  {
    header: 'Player',
    cell: (d) => <UserLink id={d.playerId} name={d.playerEmail} />,
    className: 'whitespace-nowrap',
  },
  { header: 'Coach', cell: (d) => <UserLink id={d.coachUserId} name={d.coachName} /> },
  {
    header: 'Amount',
    cell: (d) => formatAdminAmount(d.amount),
    className: 'whitespace-nowrap tabular-nums',
  },
  {
    header: 'State',
    cell: (d) => (
      <ModerationState
        status={d.state.disputeResolution ?? 'open'}
        state={d.state}
        createdAt={d.createdAt}
      />
    ),
  },
  {
    header: 'Actions',
    cell: (d) => (
      <div className="flex flex-wrap gap-2">
        <DisputeReview questionId={d.id} />
        {/* None while the dispute is open: it is settled only with a note (ADR 066). */}
        <QuestionActions state={d.state} />
      </div>
    ),
  },
];

export function DisputesTab() {
  return (
    <FilteredTable
      caption="Disputes"
      columns={columns}
      path={adminApiPaths.disputes}
      empty="No disputes here."
      filter={{ param: 'state', label: 'Dispute state', options: STATES, initial: 'open' }}
    />
  );
}
