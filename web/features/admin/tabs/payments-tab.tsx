import { useState } from 'react';
import type { AdminPaymentRow, AdminPaymentsQuery } from '@contracts/admin-data';
import { formatAdminAmount } from '@contracts/money';
import {
  AdminTable,
  DIRECTIONS,
  FilterSelect,
  formatAdminDate,
  StatusBadge,
  type Column,
  type Direction,
} from '../admin-table';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { useAdminTable } from '../use-admin-table';

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
  { header: 'User', cell: (p) => p.userEmail, className: 'break-all' },
  { header: 'Question', cell: (p) => p.questionText, className: 'min-w-64 max-w-md' },
  { header: 'Date', cell: (p) => formatAdminDate(p.createdAt), className: 'whitespace-nowrap' },
];

export function PaymentsTab() {
  const [type, setType] = useState<NonNullable<AdminPaymentsQuery['type']>>('payment');
  const [direction, setDirection] = useState<Direction>('desc');
  const table = useAdminTable<AdminPaymentRow>(adminApiPaths.payments, { type, direction });
  return (
    <AdminTable
      caption="Payments"
      columns={columns}
      table={table}
      empty="Nothing here yet."
      filters={
        <>
          <FilterSelect label="Type" value={type} options={TYPES} onChange={setType} />
          <FilterSelect
            label="Order payments"
            value={direction}
            options={DIRECTIONS}
            onChange={setDirection}
          />
        </>
      }
    />
  );
}
