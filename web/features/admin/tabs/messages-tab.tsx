import { formatDateTime } from '@contracts/dates';
import type { AdminMessageRow } from '@contracts/admin-data';
import { CONTACT_TOPICS } from '@contracts/contact';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { AdminTable, type Column } from '../admin-table';
import { useAdminTable } from '../use-admin-table';

const topicLabel = (value: string) => CONTACT_TOPICS.find((t) => t.value === value)?.label ?? value;

const columns: Column<AdminMessageRow>[] = [
  {
    header: 'From',
    cell: (m) => (
      <>
        <span className="block font-semibold text-navy">{m.name}</span>
        <a className="block whitespace-nowrap text-navy underline" href={`mailto:${m.email}`}>
          {m.email}
        </a>
        {m.phone && <span className="block text-muted">{m.phone}</span>}
      </>
    ),
  },
  { header: 'Topic', cell: (m) => topicLabel(m.topic) },
  {
    header: 'Message',
    cell: (m) => (
      <>
        <span className="block font-semibold text-navy">{m.subject}</span>
        <span className="mt-1 block whitespace-pre-line text-ink">{m.message}</span>
      </>
    ),
    className: 'min-w-72 max-w-xl',
  },
  { header: 'Received', cell: (m) => formatDateTime(m.createdAt), className: 'whitespace-nowrap' },
];

export function MessagesTab() {
  const table = useAdminTable<AdminMessageRow>(adminApiPaths.messages, {});
  return (
    <AdminTable
      caption="Contact messages"
      columns={columns}
      table={table}
      empty="No messages yet."
    />
  );
}
