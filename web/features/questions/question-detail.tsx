import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CheckCircle2,
  Clock,
  CreditCard,
  Hourglass,
  MessageSquareText,
  SearchX,
  ShieldAlert,
  Undo2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { REFUND_AFTER_DAYS } from '@contracts/limits';
import { formatWholeDollars } from '@contracts/money';
import { PAYMENT_MESSAGES } from '@contracts/payments';
import type { QuestionDetail } from '@contracts/questions';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { toast } from '@/components/toast/toast-store';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/page-loading';
import { Hero } from '@/components/ui/hero';
import { openInNewTab, startCheckout } from '@/features/payments/api';
import { cn } from '@/lib/cn';
import { timeSince } from '@/lib/relative-time';
import { DisputeButton } from './dispute-button';
import { HelpfulRating } from './helpful-rating';
import { errorStatus, useMarkQuestionViewed, useQuestionDetail } from './question-api';
import { ReportDialog } from './report-dialog';
import { StarReview } from './star-review';
import { StatusBadge } from './status-badge';

export type QuestionDetailVariant = 'full' | 'simple';

/**
 * Answers that mean "there is nothing here for you". A malformed id is answered 400 and is as
 * missing as an unknown one. The simple variant (/question/{id}) shows the same 'Question Not Found'
 * for signed-out and unrelated viewers too, so it never tells whether the question exists.
 */
const NOT_FOUND_STATUSES: Record<QuestionDetailVariant, readonly number[]> = {
  full: [400, 404],
  simple: [400, 401, 403, 404],
};

const REFUNDED_SENTENCE = `This question was not answered within ${REFUND_AFTER_DAYS} days and has been refunded.`;
const LOAD_ERROR_INLINE = 'This question could not be loaded right now.';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const formatDate = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : dateFormat.format(time);
};
const formatDateTime = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : dateTimeFormat.format(time);
};

/** One question for its asker or its owning Coach: the full page or the simple, public-route one. */
export function QuestionDetailView({
  id,
  variant,
}: {
  id: string;
  variant: QuestionDetailVariant;
}) {
  const { data, error, isPending, isFetching, refetch } = useQuestionDetail(id);
  const status = errorStatus(error);
  const notFound =
    id === '' || (!data && status !== null && NOT_FOUND_STATUSES[variant].includes(status));
  const restricted = !data && !notFound && status === 403;
  const failed = !data && !notFound && !restricted && error !== null;

  useErrorToast(failed ? error : null, () => ({ title: QUESTION_MESSAGES.loadFailed }));
  useMarkViewedOnce(id, data !== undefined);
  usePaymentReturn(variant === 'full');

  if (notFound) return <QuestionNotFound />;
  if (restricted) return <AccessRestricted />;
  if (failed) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10">
        <LoadError
          message={LOAD_ERROR_INLINE}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      </div>
    );
  }
  if (isPending || !data) return <PageLoading />;
  return variant === 'full' ? <FullDetail q={data} /> : <SimpleDetail q={data} />;
}

/** Opening the question clears the viewer's unread flag: once per question shown. */
function useMarkViewedOnce(id: string, loaded: boolean) {
  const { mutate: markViewed } = useMarkQuestionViewed();
  const markedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || markedFor.current === id) return;
    markedFor.current = id;
    markViewed(id);
  }, [id, loaded, markViewed]);
}

/**
 * Back from checkout with ?payment=success: say so once, drop the parameter (so a reload does not
 * say it again) and refetch the question and its lists, whose payment status has changed.
 */
function usePaymentReturn(enabled: boolean) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const paid = enabled && params.get('payment') === 'success';
  const toasted = useRef(false);
  useEffect(() => {
    if (!paid || toasted.current) return;
    toasted.current = true;
    toast({ title: 'Payment received' });
    void queryClient.invalidateQueries({ queryKey: ['questions'] });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );
  }, [paid, queryClient, setParams]);
}

/* ------------------------------------------------------------------------------------------------
 * Full variant (/questions/{id})
 * --------------------------------------------------------------------------------------------- */

function FullDetail({ q }: { q: QuestionDetail }) {
  const isAsker = q.viewerRole === 'asker';
  const answered = q.status === 'answered' && q.answer !== null;
  const waiting = q.answer === null && q.status === 'pending';
  const refundedUnanswered = q.answer === null && q.status === 'refunded';
  const paymentDue =
    isAsker && q.answer !== null && q.paymentStatus !== 'paid' && q.paymentStatus !== 'refunded';
  const paymentComplete = answered && q.paymentStatus === 'paid';

  return (
    <>
      <Hero className="py-8 sm:py-10">
        <h1 className="text-4xl leading-none font-bold sm:text-5xl">Coach Consultation</h1>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <StatusBadge status={q.status} view="coach" />
          <PaymentBadge paymentStatus={q.paymentStatus} />
        </div>
      </Hero>

      <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-8 sm:py-10">
        <CoachCard q={q} />
        <QuestionCard q={q} />

        {q.answer !== null && (
          <Card className="border-l-4 border-l-volt p-4 sm:p-6">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <div className="flex items-center gap-2">
                <MessageSquareText aria-hidden className="size-5 shrink-0 text-navy" />
                <h2 className="text-xl font-bold text-navy">Coach Response</h2>
              </div>
              {q.answeredAt && (
                <time dateTime={q.answeredAt} className="text-sm text-muted">
                  {`Answered ${timeSince(q.answeredAt)}`}
                </time>
              )}
            </div>
            <p className="mt-3 break-words whitespace-pre-line text-ink">{q.answer}</p>
          </Card>
        )}

        {waiting && (
          <Box
            className="border-2 border-dashed border-amber-300 bg-amber-50"
            icon={<Hourglass aria-hidden className="size-5 shrink-0 text-amber-700" />}
            title="Waiting for Coach Response"
          >
            {isAsker ? (
              <>
                <p className="text-ink">
                  {`Your Coach has been notified. Unanswered questions are refunded after ${REFUND_AFTER_DAYS} days.`}
                </p>
                <Button asChild size="sm" className="mt-4 w-full sm:w-auto">
                  <Link to={`/ask/${encodeURIComponent(q.expert.id)}`}>Ask Another Question</Link>
                </Button>
              </>
            ) : (
              <>
                <p className="text-ink">This Player is waiting for your answer.</p>
                <Button asChild size="sm" className="mt-4 w-full sm:w-auto">
                  <Link to="/expert-inbox">Respond to Question</Link>
                </Button>
              </>
            )}
          </Box>
        )}

        {refundedUnanswered && (
          <Box
            className="border border-slate-300 bg-slate-50"
            icon={<Undo2 aria-hidden className="size-5 shrink-0 text-slate-600" />}
            title="Question Refunded"
          >
            <p className="text-ink">{REFUNDED_SENTENCE}</p>
          </Box>
        )}

        {paymentDue && <PaymentRequired q={q} />}

        {paymentComplete && (
          <Box
            className="border border-success/30 bg-green-50"
            icon={<CheckCircle2 aria-hidden className="size-5 shrink-0 text-success" />}
            title="Payment Complete"
          >
            <p className="text-ink">
              {isAsker
                ? `Your ${formatWholeDollars(q.amount)} consultation fee has been paid.`
                : `The Player has paid the ${formatWholeDollars(q.amount)} consultation fee.`}
            </p>
          </Box>
        )}

        {isAsker && answered && <AskerActions q={q} />}

        {q.thread.length > 1 && <Thread q={q} />}
      </div>
    </>
  );
}

const PAYMENT_BADGES: Record<'paid' | 'refunded' | 'due', { label: string; tone: string }> = {
  paid: { label: 'Paid', tone: 'border-green-300 bg-green-50 text-green-800' },
  refunded: { label: 'Refunded', tone: 'border-slate-300 bg-slate-100 text-slate-700' },
  due: { label: 'Payment Pending', tone: 'border-orange-300 bg-warning-soft text-warning' },
};

function PaymentBadge({ paymentStatus }: { paymentStatus: QuestionDetail['paymentStatus'] }) {
  const badge =
    PAYMENT_BADGES[
      paymentStatus === 'paid' ? 'paid' : paymentStatus === 'refunded' ? 'refunded' : 'due'
    ];
  return <Badge className={badge.tone}>{badge.label}</Badge>;
}

function CoachCard({ q }: { q: QuestionDetail }) {
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex items-center gap-4">
        <span aria-hidden className="shrink-0">
          <Avatar
            src={q.expert.photoUrl}
            name={q.expert.name}
            className="size-16 text-xl ring-2 ring-volt"
          />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-display text-xs tracking-widest text-muted uppercase">Coach</p>
          <Link
            to={`/expert/${encodeURIComponent(q.expert.id)}`}
            className="text-xl font-bold break-words text-navy underline-offset-4 hover:underline"
          >
            {q.expert.name}
          </Link>
          <p className="break-words text-muted">{q.expert.expertise}</p>
        </div>
      </div>
      <dl className="mt-4 flex items-center justify-between gap-3 rounded-xl bg-surface px-4 py-3">
        <dt className="text-sm font-semibold text-muted">Consultation Fee</dt>
        <dd className="font-display text-2xl leading-none font-bold text-navy">
          {formatWholeDollars(q.amount)}
        </dd>
      </dl>
    </Card>
  );
}

function QuestionCard({ q }: { q: QuestionDetail }) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-xl font-bold text-navy">Question</h2>
      <div className="mt-3 flex items-center gap-3">
        <span aria-hidden className="shrink-0">
          <Avatar src={q.asker.photoUrl} name={q.asker.name} className="size-10 text-sm" />
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-navy">{q.asker.name}</p>
          <p className="inline-flex items-center gap-1.5 text-sm text-muted">
            <Clock aria-hidden className="size-4 shrink-0" />
            <time dateTime={q.createdAt}>{timeSince(q.createdAt)}</time>
          </p>
        </div>
      </div>
      <p className="mt-4 break-words whitespace-pre-line text-ink">{q.question}</p>
      {q.context && (
        <div className="mt-4 rounded-xl bg-surface p-4">
          <h3 className="text-sm font-semibold text-muted">Context</h3>
          <p className="mt-1 break-words whitespace-pre-line text-ink">{q.context}</p>
        </div>
      )}
    </Card>
  );
}

/** Checkout opens in a new tab (spec §7 create-payment); the realtime stream reports the payment. */
function PaymentRequired({ q }: { q: QuestionDetail }) {
  const fee = formatWholeDollars(q.amount);
  const checkout = useMutation({
    mutationFn: () => startCheckout({ id: q.id, amount: q.amount, expertName: q.expert.name }),
    onSuccess: (url) => {
      openInNewTab(url);
    },
    onError: () => toast({ ...PAYMENT_MESSAGES.paymentError, variant: 'destructive' }),
  });
  return (
    <Box
      className="border-2 border-warning/40 bg-warning-soft"
      icon={<CreditCard aria-hidden className="size-5 shrink-0 text-warning" />}
      title="Payment Required"
      aside={<span className="font-display text-2xl leading-none font-bold text-navy">{fee}</span>}
    >
      <p className="text-ink">
        {`Your Coach has answered. Pay the ${fee} consultation fee to complete this question.`}
      </p>
      <Button
        type="button"
        className="mt-4 w-full sm:w-auto"
        disabled={checkout.isPending}
        aria-busy={checkout.isPending}
        onClick={() => checkout.mutate()}
      >
        {`Pay ${fee}`}
      </Button>
    </Box>
  );
}

function AskerActions({ q }: { q: QuestionDetail }) {
  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-6">
      <h2 className="text-xl font-bold text-navy">Your Feedback</h2>
      {q.disputeFlagged ? (
        <p className="flex items-start gap-2 rounded-xl border border-warning/40 bg-warning-soft p-4 text-ink">
          <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
          {QUESTION_MESSAGES.disputeLocked}
        </p>
      ) : (
        <>
          <HelpfulRating questionId={q.id} value={q.myRating} />
          <StarReview questionId={q.id} value={q.myReview} />
        </>
      )}
      <div className="flex flex-wrap items-center gap-2 border-t border-line pt-4">
        <ReportDialog questionId={q.id} />
        {!q.disputeFlagged && <DisputeButton questionId={q.id} />}
      </div>
    </Card>
  );
}

function Thread({ q }: { q: QuestionDetail }) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-xl font-bold text-navy">Previous Questions</h2>
      <ol className="mt-4 flex flex-col gap-3">
        {q.thread.map((item) => {
          const current = item.id === q.id;
          return (
            <li
              key={item.id}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'rounded-xl border p-3 sm:p-4',
                current ? 'border-navy bg-surface' : 'border-line',
              )}
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                <StatusBadge status={item.status} view="coach" />
                <time dateTime={item.createdAt}>{`Asked ${formatDate(item.createdAt)}`}</time>
                {item.answeredAt && (
                  <time
                    dateTime={item.answeredAt}
                  >{`Answered ${formatDate(item.answeredAt)}`}</time>
                )}
              </div>
              {current ? (
                <p className="mt-2 line-clamp-2 break-words text-ink">{item.question}</p>
              ) : (
                <Link
                  to={`/questions/${encodeURIComponent(item.id)}`}
                  className="mt-2 line-clamp-2 break-words text-navy underline-offset-4 hover:underline"
                >
                  {item.question}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

/* ------------------------------------------------------------------------------------------------
 * Simple variant (/question/{id})
 * --------------------------------------------------------------------------------------------- */

const SIMPLE_BADGES = {
  refunded: { label: 'Refunded', tone: 'border-slate-300 bg-slate-100 text-slate-700' },
  completed: { label: 'Completed', tone: 'border-green-300 bg-green-50 text-green-800' },
  awaiting: { label: 'Awaiting Answer', tone: 'border-amber-300 bg-amber-50 text-amber-900' },
  unpaid: { label: 'Payment Pending', tone: 'border-orange-300 bg-warning-soft text-warning' },
} as const;

const simpleBadge = (q: QuestionDetail) =>
  SIMPLE_BADGES[
    q.status === 'refunded'
      ? 'refunded'
      : q.status === 'answered'
        ? 'completed'
        : q.paymentStatus === 'paid'
          ? 'awaiting'
          : 'unpaid'
  ];

function SimpleDetail({ q }: { q: QuestionDetail }) {
  const badge = simpleBadge(q);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <Card className="p-5 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-3xl leading-none font-bold text-navy sm:text-4xl">Question</h1>
            <p className="mt-2 text-sm break-words text-muted">
              {`To ${q.expert.name} · `}
              <time dateTime={q.createdAt}>{timeSince(q.createdAt)}</time>
            </p>
          </div>
          <Badge className={badge.tone}>{badge.label}</Badge>
        </div>

        <p className="mt-5 break-words whitespace-pre-line text-ink">{q.question}</p>

        {q.answer !== null && (
          <section className="mt-6 rounded-xl border-l-4 border-volt bg-volt/15 p-4">
            <h2 className="flex items-center gap-2 text-lg font-bold text-navy">
              <MessageSquareText aria-hidden className="size-5 shrink-0" />
              Coach Response
            </h2>
            <p className="mt-2 break-words whitespace-pre-line text-ink">{q.answer}</p>
          </section>
        )}

        {q.answer === null && q.status === 'refunded' && (
          <p className="mt-6 flex items-start gap-2 rounded-xl border border-slate-300 bg-slate-50 p-4 text-ink">
            <Undo2 aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
            {REFUNDED_SENTENCE}
          </p>
        )}

        {(q.answeredAt || q.refundedAt) && (
          <div className="mt-5 flex flex-col gap-1 text-sm text-muted">
            {q.answeredAt && (
              <time dateTime={q.answeredAt}>{`Answered ${formatDateTime(q.answeredAt)}`}</time>
            )}
            {q.refundedAt && (
              <time dateTime={q.refundedAt}>{`Refunded ${formatDateTime(q.refundedAt)}`}</time>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}

/* ------------------------------------------------------------------------------------------------
 * Shared pieces
 * --------------------------------------------------------------------------------------------- */

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        className,
      )}
    >
      {children}
    </span>
  );
}

function Box({
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
    <section className={cn('rounded-2xl p-4 sm:p-6', className)}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="flex items-center gap-2">
          {icon}
          <h2 className="text-xl font-bold text-navy">{title}</h2>
        </div>
        {aside}
      </div>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function StatePage({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      {icon}
      <h1 className="text-4xl font-bold text-navy">{title}</h1>
      {children}
      <Button asChild variant="dark">
        <Link to="/">Return Home</Link>
      </Button>
    </div>
  );
}

function QuestionNotFound() {
  return (
    <StatePage
      icon={<SearchX aria-hidden className="size-12 text-navy" />}
      title="Question Not Found"
    >
      <p className="max-w-md text-muted">{QUESTION_MESSAGES.notFound.description}</p>
    </StatePage>
  );
}

function AccessRestricted() {
  return (
    <StatePage
      icon={<ShieldAlert aria-hidden className="size-12 text-warning" />}
      title="Access Restricted"
    >
      <p className="max-w-md text-muted">{QUESTION_MESSAGES.accessRestricted}</p>
    </StatePage>
  );
}
