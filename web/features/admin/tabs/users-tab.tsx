import { formatDateTime } from '@contracts/dates';
import { useState } from 'react';
import type { AdminUserRow, AdminUsersQuery } from '@contracts/admin-data';
import { formatAdminAmount } from '@contracts/money';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { inputClass } from '@/components/ui/field';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { AdminTable, FilterSelect, StatusBadge, type Column } from '../admin-table';
import { useAdminTable } from '../use-admin-table';
import { UserLink } from '../user-link';

const ORDERS = [
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
  { value: 'email:asc', label: 'Email A–Z' },
  { value: 'email:desc', label: 'Email Z–A' },
] as const;
const ROLES = [
  { value: 'all', label: 'Everyone' },
  { value: 'coach', label: 'Coaches' },
  { value: 'player', label: 'Players' },
] as const;

const columns: Column<AdminUserRow>[] = [
  {
    header: 'Name',
    // The name opens the person's page (ADR 061).
    cell: (u) => <UserLink id={u.id} name={u.name} />,
  },
  { header: 'Email', cell: (u) => u.email, className: 'whitespace-nowrap' },
  { header: 'Role', cell: (u) => <StatusBadge>{u.role}</StatusBadge> },
  { header: 'Joined', cell: (u) => formatDateTime(u.createdAt), className: 'whitespace-nowrap' },
  {
    header: 'Questions answered / asked',
    cell: (u) => `${u.questionCount} ${u.role === 'Coach' ? 'answered' : 'asked'}`,
    className: 'whitespace-nowrap',
  },
  {
    header: 'Earnings / spend',
    cell: (u) => `${formatAdminAmount(u.totalCents)} ${u.role === 'Coach' ? 'earned' : 'spent'}`,
    className: 'whitespace-nowrap tabular-nums',
  },
];

export function UsersTab() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<(typeof ROLES)[number]['value']>('all');
  const [order, setOrder] = useState<(typeof ORDERS)[number]['value']>('created_at:desc');
  const settledSearch = useDebouncedValue(search.trim());
  const [sort, direction] = order.split(':') as [
    NonNullable<AdminUsersQuery['sort']>,
    NonNullable<AdminUsersQuery['direction']>,
  ];
  const table = useAdminTable<AdminUserRow>(adminApiPaths.users, {
    search: settledSearch,
    role,
    sort,
    direction,
  });
  return (
    <AdminTable
      caption="Users"
      columns={columns}
      table={table}
      empty="No users match this filter."
      filtersClassName="sm:grid-cols-[2fr_1fr_1fr]"
      filters={
        <>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="filter-users" className="text-sm font-semibold text-ink">
              Filter users
            </label>
            <input
              id="filter-users"
              type="search"
              className={inputClass}
              placeholder="Name or email"
              maxLength={100}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <FilterSelect label="Role" value={role} options={ROLES} onChange={setRole} />
          <FilterSelect label="Sort users" value={order} options={ORDERS} onChange={setOrder} />
        </>
      }
    />
  );
}
