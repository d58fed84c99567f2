import {
  ArrowRight,
  BellRing,
  CalendarDays,
  CircleCheck,
  Clock,
  CreditCard,
  Inbox as InboxIcon,
  UserPen,
} from 'lucide-react';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatWholeDollars } from '@contracts/money';
import { isUnpaid } from '@contracts/question-states';
import type { CoachInbox, CoachInboxQuestion, InboxFilter } from '@contracts/questions';
import { INBOX_MESSAGES } from '@contracts/questions';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Eyebrow, Hero } from '@/components/ui/hero';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/page-loading';
import { COACH_INBOX_KEY, coachInboxQuery } from '@/features/questions/api';
import { LoadMore, type LoadMoreProps } from '@/features/questions/load-more';
import { DeclineDialog } from '@/features/questions/decline-dialog';
import { RespondDialog } from '@/features/questions/respond-dialog';
import { StatusBadge } from '@/features/questions/status-badge';
import { cn } from '@/lib/cn';
import { monthYear, timeSince } from '@/lib/relative-time';
import { errorMessage } from '@/lib/api-client';

const FILTERS: { value: InboxFilter; label: string }[] = [
  { value: 'all', label: 'All Questions' },
  { value: 'unanswered', label: 'Unanswered' },
  { value: 'answered', label: 'Answered' },
];

/**
 * The server filters and orders (spec §4 'Inbox filters'); this only hides a question answered a
 * moment ago from Unanswered until the refetch brings the new page.
 */
const belongsTo = (q: CoachInboxQuestion, filter: InboxFilter) =>
  filter === 'all' || (filter === 'answered') === (q.status === 'answered');

/** How long after an answer the inbox is fetched again (spec §4 'Responding', §9). */
const REFETCH_AFTER_ANSWER_MS = 1000;

/** Every loaded page with one question answered just now: its answer, status, time and the counts. */
function withAnswer(
  inbox: InfiniteData<CoachInbox>,
  id: string,
  answer: string,
  at: string,
): InfiniteData<CoachInbox> {
  const pending = inbox.pages.some((page) =>
    page.questions.some((q) => q.id === id && q.status === 'pending'),
  );
  if (!pending) return inbox;
  return {
    ...inbox,
    pages: inbox.pages.map((page) => ({
      ...page,
      answeredCount: page.answeredCount + 1,
      unansweredCount: Math.max(0, page.unansweredCount - 1),
      questions: page.questions.map((q) =>
        q.id === id ? { ...q, answer, status: 'answered', answeredAt: at } : q,
      ),
    })),
  };
}

/** Shows an answer in the inbox at once, then refetches the inbox a second later. */
function useMarkAnswered() {
  const queryClient = useQueryClient();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  return (id: string, answer: string) => {
    const queryKey = COACH_INBOX_KEY;
    // A refetch already under way would bring back the question as unanswered.
    void queryClient.cancelQueries({ queryKey });
    queryClient.setQueriesData<InfiniteData<CoachInbox>>({ queryKey }, (old) =>
      old ? withAnswer(old, id, answer, new Date().toISOString()) : old,
    );
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      void queryClient.invalidateQueries({ queryKey });
    }, REFETCH_AFTER_ANSWER_MS);
    timers.current.add(timer);
  };
}

/** The Coach Inbox at /expert-inbox (and /inbox for a Coach). */
export function ExpertInboxPage() {
  const [filter, setFilter] = useState<InboxFilter>('all');
  // The previous filter's cards stay up while the next filter's first page loads.
  const inbox = useInfiniteQuery({ ...coachInboxQuery(filter), placeholderData: keepPreviousData });
  const { data, error, isPending, isFetching, refetch } = inbox;

  useErrorToast(error, (failure) => ({
    title: 'Error',
    description: errorMessage(failure, INBOX_MESSAGES.inboxLoadFailed),
  }));

  if (isPending) return <PageLoading />;
  if (!data) {
    return (
      <>
        <InboxHeader />
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
      onFilter={setFilter}
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
  more,
}: {
  pages: CoachInbox[];
  filter: InboxFilter;
  onFilter: (filter: InboxFilter) => void;
  more: LoadMoreProps;
}) {
  const markAnswered = useMarkAnswered();
  const inbox = pages[0]!;
  const shown = pages.flatMap((page) => page.questions).filter((q) => belongsTo(q, filter));
  const unanswered = inbox.unansweredCount;

  return (
    <>
      <InboxHeader inbox={inbox} />
      <Content>
        {unanswered > 0 && (
          <div
            role="status"
            className="mb-6 flex items-center gap-3 rounded-2xl bg-volt px-4 py-3 text-navy shadow-sm sm:px-5"
          >
            <BellRing aria-hidden className="size-5 shrink-0" />
            <p className="font-semibold">
              {`You have ${unanswered} unanswered question${unanswered === 1 ? '' : 's'}`}
            </p>
          </div>
        )}

        {inbox.answeredCount + unanswered === 0 && shown.length === 0 ? (
          <EmptyInbox />
        ) : (
          <>
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

            {shown.length === 0 ? (
              <p className="mt-6 rounded-2xl border-2 border-dashed border-line bg-white p-6 text-center text-muted">
                No questions in this view.
              </p>
            ) : (
              <ul className="mt-6 flex flex-col gap-4">
                {shown.map((question) => (
                  <li key={question.id}>
                    <QuestionCard
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

function InboxHeader({ inbox }: { inbox?: CoachInbox }) {
  // Spec §2 says 'Recently' without questions; "Coach Since Recently" reads as a slip, so a new
  // Coach is told what the 'Recently' stood for (issue 13).
  const since = inbox?.coachSince && monthYear(inbox.coachSince);
  return (
    <Hero className="flex flex-wrap items-start justify-between gap-4 py-8 sm:py-12">
      <div className="min-w-0">
        <Eyebrow>Coach</Eyebrow>
        <h1 className="mt-1 text-4xl leading-none font-bold sm:text-5xl">Coach Inbox</h1>
        {inbox && (
          <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-white/85">
            <p className="inline-flex items-center gap-2">
              <CalendarDays aria-hidden className="size-4 shrink-0 text-volt" />
              {since ? `Coach Since ${since}` : 'New Coach: your first question is on its way'}
            </p>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-white">
              <CircleCheck aria-hidden className="size-4 shrink-0 text-volt" />
              {`${inbox.answeredCount} answered`}
            </p>
          </div>
        )}
      </div>
      <Button asChild variant="onDark" size="sm">
        <Link to="/create-profile">
          <UserPen aria-hidden />
          Edit profile
        </Link>
      </Button>
    </Hero>
  );
}

function QuestionCard({
  question: q,
  onAnswered,
}: {
  question: CoachInboxQuestion;
  onAnswered: (answer: string) => void;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <Link
          to={`/profile/${encodeURIComponent(q.askerId)}`}
          className="group flex min-w-0 items-center gap-3 rounded-lg"
        >
          <span aria-hidden className="shrink-0">
            <Avatar src={q.askerPhotoUrl} name={q.askerName} className="size-11 text-base" />
          </span>
          <span className="min-w-0 truncate font-semibold text-navy group-hover:underline">
            {q.askerName}
          </span>
        </Link>
        <span className="shrink-0 font-display text-2xl leading-none font-bold text-navy">
          {formatWholeDollars(q.amount)}
        </span>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted">
        <StatusBadge status={q.status} view="coach" />
        {isUnpaid(q) && (
          <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-orange-300 bg-warning-soft px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-warning">
            <CreditCard aria-hidden className="size-3.5" />
            Unpaid
          </span>
        )}
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden className="size-4 shrink-0" />
          <time dateTime={q.createdAt}>{timeSince(q.createdAt)}</time>
        </span>
      </div>

      <p className="mt-4 line-clamp-2 break-words text-ink">{q.question}</p>

      {q.context && (
        <div className="mt-3 rounded-xl bg-surface p-3">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">Context</p>
          <p className="mt-1 line-clamp-3 text-sm break-words text-ink">{q.context}</p>
        </div>
      )}

      {q.answer && (
        <div className="mt-3 rounded-xl border-l-4 border-volt bg-navy/5 p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">Your Answer</p>
            {q.answeredAt && (
              <time dateTime={q.answeredAt} className="text-xs text-muted">
                {`Answered ${timeSince(q.answeredAt)}`}
              </time>
            )}
          </div>
          <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line text-ink">
            {q.answer}
          </p>
        </div>
      )}

      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={`/questions/${encodeURIComponent(q.id)}`}>
            View Details
            <ArrowRight aria-hidden />
          </Link>
        </Button>
        {q.status === 'pending' && <DeclineDialog questionId={q.id} />}
        {q.status === 'pending' && <RespondDialog question={q} onAnswered={onAnswered} />}
      </div>
    </Card>
  );
}

function Content({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">{children}</div>;
}

function EmptyInbox() {
  return (
    <div className="rounded-2xl border-2 border-dashed border-line bg-white p-8 text-center sm:p-10">
      <InboxIcon aria-hidden className="mx-auto size-10 text-navy" />
      <h2 className="mt-3 text-2xl font-bold text-navy">No questions yet</h2>
      <p className="mt-2 text-muted">When a Player asks you a question, it shows up here.</p>
      <Button asChild className="mt-5">
        <Link to="/">Back to Homepage</Link>
      </Button>
    </div>
  );
}
