import { formatDateTime } from '@contracts/dates';
import type { AdminQuestionRow } from '@contracts/admin-data';
import { StatusBadge, type Column } from '../admin-table';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { FilteredTable } from '../filtered-table';
import { UserLink } from '../user-link';

const STATUSES = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'answered', label: 'Answered' },
  { value: 'refunded', label: 'Refunded' },
] as const;

const columns: Column<AdminQuestionRow>[] = [
  { header: 'Question', cell: (q) => q.question, className: 'min-w-64 max-w-md' },
  {
    header: 'Player',
    cell: (q) => <UserLink id={q.playerId} name={q.playerEmail} />,
    className: 'whitespace-nowrap',
  },
  { header: 'Coach', cell: (q) => <UserLink id={q.coachUserId} name={q.coachName} /> },
  { header: 'Status', cell: (q) => <StatusBadge>{q.status}</StatusBadge> },
  { header: 'Payment', cell: (q) => <StatusBadge>{q.paymentStatus}</StatusBadge> },
  { header: 'Asked', cell: (q) => formatDateTime(q.createdAt), className: 'whitespace-nowrap' },
];

export function QuestionsTab() {
  return (
    <FilteredTable
      caption="Questions"
      columns={columns}
      path={adminApiPaths.questions}
      empty="No questions match this filter."
      filter={{ param: 'status', label: 'Status', options: STATUSES, initial: 'all' }}
      orderLabel="Order questions"
    />
  );
}
