import { useState } from 'react';
import type { AdminDisputeRow, AdminDisputesQuery } from '@contracts/admin-data';
import { formatAdminAmount } from '@contracts/money';
import { DISPUTE_REASON_LABELS } from '@contracts/question-states';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { AdminTable, FilterSelect, type Column } from '../admin-table';
import { useAdminTable } from '../use-admin-table';
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
  { header: 'Player', cell: (d) => d.playerEmail, className: 'break-all' },
  { header: 'Coach', cell: (d) => d.coachName },
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
        <QuestionActions state={d.state} />
      </div>
    ),
  },
];

export function DisputesTab() {
  const [state, setState] = useState<NonNullable<AdminDisputesQuery['state']>>('open');
  const table = useAdminTable<AdminDisputeRow>(adminApiPaths.disputes, { state });
  return (
    <AdminTable
      caption="Disputes"
      columns={columns}
      table={table}
      empty="No disputes here."
      filtersClassName="sm:max-w-xs"
      filters={
        <FilterSelect label="Dispute state" value={state} options={STATES} onChange={setState} />
      }
    />
  );
}
