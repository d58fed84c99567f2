import { BellRing } from 'lucide-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { CoachInbox, InboxFilter, InboxSort } from '@contracts/questions';
import { INBOX_MESSAGES, needsYou } from '@contracts/questions';
import { Button } from '@/components/ui/button';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/page-loading';
import { coachInboxQuery } from '../api';
import { EmptyCoachInbox } from './empty-inbox';
import { belongsTo, InboxFilters, InboxSortSelect } from './filters';
import { CoachInboxHeader } from './header';
import { useMarkAnswered } from './mark-answered';
import { CoachInboxCard } from './question-card';
import { LoadMore, type LoadMoreProps } from '../load-more';
import { errorMessage } from '@/lib/api-client';

/** The Coach Inbox at /expert-inbox (and /inbox for a Coach). */
export function CoachInboxPage() {
  const [filter, setFilter] = useState<InboxFilter>('all');
  // Sorting by deadline is for Unanswered only (ADR 060); another filter goes back to newest.
  const [sort, setSort] = useState<InboxSort>('newest');
  const chooseFilter = (next: InboxFilter) => {
    setFilter(next);
    if (next !== 'unanswered') setSort('newest');
  };
  // The previous filter's cards stay up while the next filter's first page loads.
  const inbox = useInfiniteQuery({
    ...coachInboxQuery(filter, sort),
    placeholderData: keepPreviousData,
  });
  const { data, error, isPending, isFetching, refetch } = inbox;

  useErrorToast(error, (failure) => ({
    title: 'Error',
    description: errorMessage(failure, INBOX_MESSAGES.inboxLoadFailed),
  }));

  if (isPending) return <PageLoading />;
  if (!data) {
    return (
      <>
        <CoachInboxHeader />
        <Content>
          <LoadError
            message={errorMessage(error, INBOX_MESSAGES.inboxLoadFailed)}
            retrying={isFetching}
            onRetry={() => void refetch()}
          />
        </Content>
      </>
    );
  }
  return (
    <Inbox
      pages={data.pages}
      filter={filter}
      onFilter={chooseFilter}
      sort={sort}
      onSort={setSort}
      more={{
        hasMore: inbox.hasNextPage,
        loading: inbox.isFetchingNextPage,
        onLoad: () => void inbox.fetchNextPage(),
      }}
    />
  );
}

function Inbox({
  pages,
  filter,
  onFilter,
  sort,
  onSort,
  more,
}: {
  pages: CoachInbox[];
  filter: InboxFilter;
  onFilter: (filter: InboxFilter) => void;
  sort: InboxSort;
  onSort: (sort: InboxSort) => void;
  more: LoadMoreProps;
}) {
  const markAnswered = useMarkAnswered();
  const inbox = pages[0]!;
  const shown = pages.flatMap((page) => page.questions).filter((q) => belongsTo(q, filter));
  const unanswered = inbox.unansweredCount;
  const needs = inbox.needsCount;

  return (
    <>
      <CoachInboxHeader inbox={inbox} />
      <Content>
        {(unanswered > 0 || needs > 0) && (
          <div
            role="status"
            className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl bg-volt px-4 py-3 text-navy shadow-sm sm:px-5"
          >
            <BellRing aria-hidden className="size-5 shrink-0" />
            <div className="min-w-0 flex-1">
              {unanswered > 0 && (
                <p className="font-semibold">
                  {`You have ${unanswered} unanswered question${unanswered === 1 ? '' : 's'}`}
                </p>
              )}
              {/* Answered questions can still need her: a follow-up, a dispute's statement. */}
              {needs > 0 && <p>{needsYou(needs)}</p>}
            </div>
            {needs > 0 && filter !== 'needs' && (
              <Button type="button" size="sm" variant="dark" onClick={() => onFilter('needs')}>
                Show what needs you
              </Button>
            )}
          </div>
        )}

        {inbox.answeredCount + unanswered === 0 && shown.length === 0 ? (
          <EmptyCoachInbox />
        ) : (
          <>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <InboxFilters filter={filter} onFilter={onFilter} />
              {filter === 'unanswered' && <InboxSortSelect sort={sort} onSort={onSort} />}
            </div>

            {shown.length === 0 ? (
              <p className="mt-6 rounded-2xl border-2 border-dashed border-line bg-white p-6 text-center text-muted">
                No questions in this view.
              </p>
            ) : (
              <ul className="mt-6 flex flex-col gap-4">
                {shown.map((question) => (
                  <li key={question.id}>
                    <CoachInboxCard
                      question={question}
                      onAnswered={(answer) => markAnswered(question.id, answer)}
                    />
                  </li>
                ))}
              </ul>
            )}
            <LoadMore {...more} />
          </>
        )}
      </Content>
    </>
  );
}

function Content({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">{children}</div>;
}
