import { useState } from 'react';
import type { AdminQuestionRow } from '@contracts/admin-data';
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

const STATUSES = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'answered', label: 'Answered' },
  { value: 'refunded', label: 'Refunded' },
] as const;

const columns: Column<AdminQuestionRow>[] = [
  { header: 'Question', cell: (q) => q.question, className: 'min-w-64 max-w-md' },
  { header: 'Player', cell: (q) => q.playerEmail, className: 'break-all' },
  { header: 'Coach', cell: (q) => q.coachName },
  { header: 'Status', cell: (q) => <StatusBadge>{q.status}</StatusBadge> },
  { header: 'Payment', cell: (q) => <StatusBadge>{q.paymentStatus}</StatusBadge> },
  { header: 'Asked', cell: (q) => formatAdminDate(q.createdAt), className: 'whitespace-nowrap' },
];

export function QuestionsTab() {
  const [status, setStatus] = useState<(typeof STATUSES)[number]['value']>('all');
  const [direction, setDirection] = useState<Direction>('desc');
  const table = useAdminTable<AdminQuestionRow>(adminApiPaths.questions, { status, direction });
  return (
    <AdminTable
      caption="Questions"
      columns={columns}
      table={table}
      empty="No questions match this filter."
      filters={
        <>
          <FilterSelect label="Status" value={status} options={STATUSES} onChange={setStatus} />
          <FilterSelect
            label="Order questions"
            value={direction}
            options={DIRECTIONS}
            onChange={setDirection}
          />
        </>
      }
    />
  );
}
