import { REPORT_DISMISS } from '@contracts/admin-actions';
import type { AdminReportRow } from '@contracts/admin-data';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { StatusBadge, type Column } from '../admin-table';
import { ConfirmAction } from '../confirm-action';
import { FilteredTable } from '../filtered-table';
import { UserLink } from '../user-link';
import { ConversationDialog } from '../question-thread';
import { ModerationState, QuestionActions } from './question-actions';
import { ReviewActions, ReviewSummary } from './review-actions';

const STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'actioned', label: 'Actioned' },
  { value: 'all', label: 'All' },
] as const;

const columns: Column<AdminReportRow>[] = [
  {
    header: 'Reporter',
    cell: (r) => (
      <>
        <span className="block">
          <UserLink id={r.reporterId} name={r.reporterName} />
        </span>
        <span className="whitespace-nowrap text-muted">{r.reporterEmail}</span>
      </>
    ),
  },
  {
    header: 'Question',
    cell: (r) => (
      <>
        {r.question}
        {r.review && <ReviewSummary review={r.review} />}
      </>
    ),
    className: 'min-w-64 max-w-md',
  },
  { header: 'Coach', cell: (r) => <UserLink id={r.coachUserId} name={r.coachName} /> },
  {
    header: 'Reason',
    cell: (r) => (
      <>
        <StatusBadge>{r.reason}</StatusBadge>
        {r.details && <span className="mt-1 block text-muted">{r.details}</span>}
      </>
    ),
    className: 'min-w-48',
  },
  {
    header: 'Status',
    cell: (r) => <ModerationState status={r.status} state={r.state} createdAt={r.createdAt} />,
  },
  {
    header: 'Actions',
    // A review can be hidden, or restored, whatever became of the report that raised it; the
    // conversation the report is about can always be read (ADR 066).
    cell: (r) => (
      <div className="flex flex-wrap gap-2">
        <ConversationDialog questionId={r.state.questionId} />
        {r.review && <ReviewActions review={r.review} />}
        {r.status === 'open' && (
          <>
            <ConfirmAction action={REPORT_DISMISS} path={adminApiPaths.dismissReport(r.id)} />
            <QuestionActions state={r.state} />
          </>
        )}
      </div>
    ),
  },
];

export function ReportsTab() {
  return (
    <FilteredTable
      caption="Abuse reports"
      columns={columns}
      path={adminApiPaths.reports}
      empty="No reports here."
      filter={{ param: 'status', label: 'Report status', options: STATUSES, initial: 'open' }}
    />
  );
}
