import { formatDateTime } from '@contracts/dates';
import type { AdminPaymentRow } from '@contracts/admin-data';
import { formatAdminAmount } from '@contracts/money';
import { StatusBadge, type Column } from '../admin-table';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { FilteredTable } from '../filtered-table';
import { UserLink } from '../user-link';
import { StatementExport } from '../statement-export';

const TYPES = [
  { value: 'payment', label: 'Payments from Players' },
  { value: 'payout', label: 'Payouts to Coaches' },
  { value: 'extra', label: 'Extra payments refunded' },
] as const;

const columns: Column<AdminPaymentRow>[] = [
  {
    header: 'Amount',
    cell: (p) => formatAdminAmount(p.amount),
    className: 'whitespace-nowrap tabular-nums font-semibold text-navy',
  },
  { header: 'Type', cell: (p) => <StatusBadge>{p.type}</StatusBadge> },
  { header: 'Status', cell: (p) => <StatusBadge>{p.status}</StatusBadge> },
  {
    header: 'User',
    cell: (p) => <UserLink id={p.userId} name={p.userEmail} />,
    className: 'whitespace-nowrap',
  },
  { header: 'Question', cell: (p) => p.questionText, className: 'min-w-64 max-w-md' },
  { header: 'Date', cell: (p) => formatDateTime(p.createdAt), className: 'whitespace-nowrap' },
];

export function PaymentsTab() {
  return (
    <div className="flex flex-col gap-5">
      <StatementExport />
      <FilteredTable
        caption="Payments"
        columns={columns}
        path={adminApiPaths.payments}
        empty="Nothing here yet."
        filter={{ param: 'type', label: 'Type', options: TYPES, initial: 'payment' }}
        orderLabel="Order payments"
      />
    </div>
  );
}
