import { formatDateTime } from '@contracts/dates';
import { JOB_RETRY } from '@contracts/admin-actions';
import type { AdminFailedJobRow } from '@contracts/admin-data';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { AdminTable, StatusBadge, type Column } from '../admin-table';
import { ConfirmAction } from '../confirm-action';
import { useAdminTable } from '../use-admin-table';

const columns: Column<AdminFailedJobRow>[] = [
  { header: 'Queue', cell: (j) => <StatusBadge>{j.queue}</StatusBadge> },
  {
    header: 'Job',
    cell: (j) => <span className="font-semibold break-words text-navy">{j.description}</span>,
    className: 'min-w-56 max-w-md',
  },
  { header: 'Attempts', cell: (j) => j.attempts, className: 'tabular-nums' },
  {
    header: 'Last error',
    cell: (j) => <span className="break-words text-muted">{j.error}</span>,
    className: 'min-w-48 max-w-md',
  },
  { header: 'Failed', cell: (j) => formatDateTime(j.failedAt), className: 'whitespace-nowrap' },
  {
    header: 'Actions',
    cell: (j) => <ConfirmAction action={JOB_RETRY} path={adminApiPaths.retryJob(j.queue, j.id)} />,
  },
];

/** Jobs and e-mails that gave up after their retries (ADR 050), each with a Retry. */
export function FailedJobsTab() {
  const table = useAdminTable<AdminFailedJobRow>(adminApiPaths.failedJobs, {});
  return (
    <AdminTable caption="Failed jobs" columns={columns} table={table} empty="No failed jobs." />
  );
}
