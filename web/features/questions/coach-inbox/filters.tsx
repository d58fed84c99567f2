import {
  INBOX_SORT_LABELS,
  INBOX_SORTS,
  type CoachInboxQuestion,
  type InboxFilter,
  type InboxSort,
} from '@contracts/questions';
import { Button } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/field';
import { cn } from '@/lib/cn';

const FILTERS: { value: InboxFilter; label: string }[] = [
  { value: 'all', label: 'All Questions' },
  { value: 'needs', label: 'Needs You' },
  { value: 'unanswered', label: 'Unanswered' },
  { value: 'answered', label: 'Answered' },
];

/**
 * The server filters and orders (spec §4 'Inbox filters'); this only hides a question answered a
 * moment ago from Unanswered and Needs You until the refetch brings the new page.
 */
export const belongsTo = (q: CoachInboxQuestion, filter: InboxFilter) => {
  if (filter === 'all') return true;
  if (filter === 'needs') return q.need !== null;
  return (filter === 'answered') === (q.status === 'answered');
};

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

/** The Unanswered view's order: newest first, or the soonest "Answer by" first (ADR 060). */
export function InboxSortSelect({
  sort,
  onSort,
}: {
  sort: InboxSort;
  onSort: (sort: InboxSort) => void;
}) {
  return (
    <Field label="Sort by" className="min-w-56">
      <select
        value={sort}
        onChange={(event) => onSort(event.target.value as InboxSort)}
        className={inputClass}
      >
        {INBOX_SORTS.map((value) => (
          <option key={value} value={value}>
            {INBOX_SORT_LABELS[value]}
          </option>
        ))}
      </select>
    </Field>
  );
}
