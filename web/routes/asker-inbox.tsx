import {
  ArrowLeft,
  ArrowRight,
  CircleX,
  Clock,
  CreditCard,
  Hourglass,
  MessageCircleQuestion,
  MessageSquareText,
  Receipt,
  ShieldAlert,
  Undo2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { REFUND_AFTER_DAYS } from '@contracts/limits';
import { formatWholeDollars } from '@contracts/money';
import { askerActions, isUnpaid } from '@contracts/question-states';
import type { PlayerQuestion } from '@contracts/questions';
import { INBOX_MESSAGES } from '@contracts/questions';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/page-loading';
import { Eyebrow, Hero } from '@/components/ui/hero';
import { usePlayerQuestions } from '@/features/questions/api';
import { HelpfulRating } from '@/features/questions/helpful-rating';
import { LoadMore } from '@/features/questions/load-more';
import { ReportDialog } from '@/features/questions/report-dialog';
import { StatusBadge } from '@/features/questions/status-badge';
import { UnpaidActions } from '@/features/questions/unpaid-actions';
import { cn } from '@/lib/cn';
import { timeSince } from '@/lib/relative-time';
import { errorMessage } from '@/lib/api-client';

/** My Questions, the Player's inbox, at /asker-inbox (and /inbox for a Player). */
export function AskerInboxPage() {
  const mine = usePlayerQuestions();
  const { data, error, isPending, isFetching, refetch } = mine;
  const questions = data?.pages.flatMap((page) => page.questions) ?? [];

  useErrorToast(error, (failure) => ({
    title: errorMessage(failure, INBOX_MESSAGES.questionsLoadFailed),
  }));

  if (isPending) return <PageLoading />;

  return (
    <>
      <Header />
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
        {!data ? (
          <LoadError
            message={errorMessage(error, INBOX_MESSAGES.questionsLoadFailed)}
            retrying={isFetching}
            onRetry={() => void refetch()}
          />
        ) : questions.length === 0 ? (
          <EmptyState />
        ) : (
          <>
            <ul className="flex flex-col gap-4">
              {questions.map((question) => (
                <li key={question.id}>
                  <QuestionCard question={question} />
                </li>
              ))}
            </ul>
            <LoadMore
              hasMore={mine.hasNextPage}
              loading={mine.isFetchingNextPage}
              onLoad={() => void mine.fetchNextPage()}
            />
          </>
        )}
      </div>
    </>
  );
}

function Header() {
  return (
    <Hero className="py-6 sm:py-10">
      <Link
        to="/"
        className="-ml-1 inline-flex items-center gap-2 rounded-lg px-1 py-1 text-sm font-semibold text-white/85 transition-colors hover:text-volt"
      >
        <ArrowLeft aria-hidden className="size-4 shrink-0" />
        Back
      </Link>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <Eyebrow>Player</Eyebrow>
          <h1 className="mt-1 text-4xl leading-none font-bold sm:text-5xl">My Questions</h1>
          <p className="mt-3 text-white/85">Every question you've asked, and every answer.</p>
        </div>
        <Button asChild variant="onDark" size="sm">
          <Link to="/payments">
            <Receipt aria-hidden />
            Payment History
          </Link>
        </Button>
      </div>
    </Hero>
  );
}

function QuestionCard({ question: q }: { question: PlayerQuestion }) {
  const answered = q.status === 'answered';
  // The question page's rules: no Helpful on a disputed or unpaid answer (ADR 023).
  const may = askerActions({
    status: q.status,
    paymentStatus: q.paymentStatus,
    hasAnswer: q.answer !== null,
    disputeFlagged: q.disputeFlagged,
    disputeUntil: q.disputeUntil,
  });
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex items-start gap-3">
        <span aria-hidden className="shrink-0">
          <Avatar src={q.expert.photoUrl} name={q.expert.name} className="size-12 text-base" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-navy">{q.expert.name}</p>
          <p className="truncate text-sm text-muted">{q.expert.expertise}</p>
        </div>
        <span className="shrink-0 font-display text-2xl leading-none font-bold text-navy">
          {formatWholeDollars(q.amount)}
        </span>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted">
        <StatusBadge status={q.status} view="player" />
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden className="size-4 shrink-0" />
          <time dateTime={q.createdAt}>{timeSince(q.createdAt)}</time>
        </span>
      </div>

      <p className="mt-4 line-clamp-2 break-words text-ink">{q.question}</p>

      {q.answer ? (
        <Notice
          className="border-l-4 border-volt bg-volt/15"
          icon={<MessageSquareText aria-hidden className="size-5 shrink-0 text-navy" />}
          title="Coach Response"
          aside={
            q.answeredAt && (
              <time dateTime={q.answeredAt} className="text-xs text-muted">
                {`Answered ${timeSince(q.answeredAt)}`}
              </time>
            )
          }
        >
          <p className="break-words whitespace-pre-line text-ink">{q.answer}</p>
          {q.disputeFlagged && (
            <p className="mt-3 flex items-center gap-2 text-sm font-semibold text-warning">
              <ShieldAlert aria-hidden className="size-4 shrink-0" />
              Dispute flagged: under review
            </p>
          )}
          {(may.rate || may.report) && (
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-navy/10 pt-3">
              {may.rate ? <HelpfulRating questionId={q.id} value={null} /> : <span />}
              {may.report && <ReportDialog questionId={q.id} className="-mr-2" />}
            </div>
          )}
        </Notice>
      ) : q.status === 'declined' ? (
        <Notice
          className="border border-slate-300 bg-slate-50"
          icon={<CircleX aria-hidden className="size-5 shrink-0 text-slate-600" />}
          title="Declined by the Coach"
        >
          <p className="text-sm text-muted">
            {isUnpaid(q) ? 'Nothing was charged.' : 'Your payment is refunded in full.'}
          </p>
        </Notice>
      ) : q.status === 'withdrawn' ? (
        <Notice
          className="border border-slate-300 bg-slate-50"
          icon={<Undo2 aria-hidden className="size-5 shrink-0 text-slate-600" />}
          title="Withdrawn"
        >
          <p className="text-sm text-muted">You withdrew this question. Nothing was charged.</p>
        </Notice>
      ) : may.pay ? (
        <Notice
          className="border-2 border-warning/40 bg-warning-soft"
          icon={<CreditCard aria-hidden className="size-5 shrink-0 text-warning" />}
          title="Payment not completed"
        >
          <p className="mb-3 text-sm text-muted">
            The Coach is not paid until you pay. Pay now, or withdraw the question.
          </p>
          <UnpaidActions id={q.id} amount={q.amount} expertName={q.expert.name} />
        </Notice>
      ) : q.status === 'refunded' ? (
        <Notice
          className="border border-slate-300 bg-slate-50"
          icon={<Undo2 aria-hidden className="size-5 shrink-0 text-slate-600" />}
          title="Question Refunded"
        >
          <p className="text-sm text-muted">
            {`This question was not answered within ${REFUND_AFTER_DAYS} days and has been refunded.`}
          </p>
        </Notice>
      ) : (
        <Notice
          className="border border-dashed border-amber-300 bg-amber-50"
          icon={<Hourglass aria-hidden className="size-5 shrink-0 text-amber-700" />}
          title="Awaiting Response"
        >
          <p className="text-sm text-muted">
            {`Your Coach has been notified. Unanswered questions are refunded after ${REFUND_AFTER_DAYS} days.`}
          </p>
        </Notice>
      )}

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline" size="sm" className="w-full sm:w-auto">
          <Link to={`/questions/${encodeURIComponent(q.id)}`}>View Full Details</Link>
        </Button>
        {answered && (
          <Button asChild size="sm" className="w-full sm:w-auto">
            <Link to={`/ask/${encodeURIComponent(q.expert.id)}`}>
              Ask Another Question
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        )}
      </div>
    </Card>
  );
}

function Notice({
  className,
  icon,
  title,
  aside,
  children,
}: {
  className: string;
  icon: ReactNode;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={cn('mt-4 rounded-xl p-4', className)}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="flex items-center gap-2">
          {icon}
          <h3 className="text-base font-bold text-navy">{title}</h3>
        </div>
        {aside}
      </div>
      <div className="mt-2">{children}</div>
    </div>
  );
}

function EmptyState() {
  return (
    <div className="rounded-2xl border-2 border-dashed border-line bg-white p-8 text-center sm:p-10">
      <MessageCircleQuestion aria-hidden className="mx-auto size-10 text-navy" />
      <h2 className="mt-3 text-2xl font-bold text-navy">No questions yet</h2>
      <p className="mt-2 text-muted">Pick a coach, ask one question, and get a straight answer.</p>
      <Button asChild className="mt-5">
        <Link to="/">Browse Coaches</Link>
      </Button>
    </div>
  );
}
