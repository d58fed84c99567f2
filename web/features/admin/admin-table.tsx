import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ADMIN_MESSAGES } from '@contracts/admin';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { cn } from '@/lib/cn';
import type { AdminPage } from './use-admin-table';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

interface AdminTableProps<Row> {
  caption: string;
  /** The labelled filter and order controls shown above the table. */
  filters?: ReactNode;
  /** Grid columns for the filters. */
  filtersClassName?: string;
  columns: Column<Row>[];
  table: {
    query: UseQueryResult<AdminPage<Row>>;
    pageNumber: number;
    next?: () => void;
    previous?: () => void;
  };
  empty: string;
}

/** A server-paged table: the rows of one page, and Previous/Next that ask the server for more. */
export function AdminTable<Row extends { id: string }>({
  caption,
  filters,
  filtersClassName = 'sm:grid-cols-2 lg:max-w-xl',
  columns,
  table,
  empty,
}: AdminTableProps<Row>) {
  return (
    <div className="flex flex-col gap-4">
      {filters && <div className={cn('grid gap-4', filtersClassName)}>{filters}</div>}
      <TableBody caption={caption} columns={columns} table={table} empty={empty} />
    </div>
  );
}

function TableBody<Row extends { id: string }>({
  caption,
  columns,
  table,
  empty,
}: Omit<AdminTableProps<Row>, 'filters' | 'filtersClassName'>) {
  const { query } = table;
  if (query.isError && !query.data) {
    return (
      <LoadError
        message={ADMIN_MESSAGES.dashboardFailed}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const rows = query.data?.rows ?? [];
  return (
    <div className="flex flex-col gap-3">
      {/* Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */}
      <div
        className="overflow-x-auto rounded-2xl border border-line bg-white focus-visible:outline-2 focus-visible:outline-navy"
        role="region"
        aria-label={caption}
        tabIndex={0}
      >
        <table className={cn('w-full text-left text-sm', query.isFetching && 'opacity-60')}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line bg-surface text-xs tracking-wide text-muted uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className="px-4 py-3 font-semibold">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.id} className="align-top hover:bg-surface/60">
                {columns.map((column) => (
                  <td key={column.header} className={cn('px-4 py-3', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {query.isPending && <p className="px-4 py-6 text-center text-muted">Loading…</p>}
        {query.isSuccess && rows.length === 0 && (
          <p className="px-4 py-6 text-center text-muted">{empty}</p>
        )}
      </div>
      <nav aria-label={`${caption} pages`} className="flex items-center justify-end gap-3">
        <span className="text-sm text-muted">Page {table.pageNumber}</span>
        <Button variant="outline" size="sm" disabled={!table.previous} onClick={table.previous}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!table.next} onClick={table.next}>
          Next
        </Button>
      </nav>
    </div>
  );
}

/** The order options of the tables sorted by date only. */
export const DIRECTIONS = [
  { value: 'desc', label: 'Newest first' },
  { value: 'asc', label: 'Oldest first' },
] as const;
export type Direction = (typeof DIRECTIONS)[number]['value'];

/** A labelled select for a table's filter or order, sending its value to the server. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const id = `filter-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        className="h-11 rounded-lg border border-line bg-white px-3 text-base text-ink"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A status word as a small badge. */
export function StatusBadge({ children }: { children: string }) {
  return (
    <span className="inline-flex rounded-full border border-line bg-surface px-2 py-0.5 text-xs font-semibold text-ink capitalize">
      {children}
    </span>
  );
}
