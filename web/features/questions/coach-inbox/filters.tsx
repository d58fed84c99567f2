import type { CoachInboxQuestion, InboxFilter } from '@contracts/questions';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const FILTERS: { value: InboxFilter; label: string }[] = [
  { value: 'all', label: 'All Questions' },
  { value: 'unanswered', label: 'Unanswered' },
  { value: 'answered', label: 'Answered' },
];

/**
 * The server filters and orders (spec §4 'Inbox filters'); this only hides a question answered a
 * moment ago from Unanswered until the refetch brings the new page.
 */
export const belongsTo = (q: CoachInboxQuestion, filter: InboxFilter) =>
  filter === 'all' || (filter === 'answered') === (q.status === 'answered');

/** The Coach Inbox's filter buttons: one pressed at a time. */
export function InboxFilters({
  filter,
  onFilter,
}: {
  filter: InboxFilter;
  onFilter: (filter: InboxFilter) => void;
}) {
  return (
    <div role="group" aria-label="Filter questions" className="flex flex-wrap gap-2">
      {FILTERS.map(({ value, label }) => {
        const active = value === filter;
        return (
          <Button
            key={value}
            type="button"
            size="sm"
            variant={active ? 'dark' : 'outline'}
            aria-pressed={active}
            className={cn(active && 'border-2 border-navy')}
            onClick={() => onFilter(value)}
          >
            {label}
          </Button>
        );
      })}
    </div>
  );
}
