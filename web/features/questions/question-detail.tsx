import { useQueryClient } from '@tanstack/react-query';
import {
  CheckCircle2,
  Clock,
  CreditCard,
  Hourglass,
  MessageSquareText,
  ShieldAlert,
  Undo2,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { REFUND_AFTER_DAYS } from '@contracts/limits';
import { formatWholeDollars } from '@contracts/money';
import { askerActions, coachActions } from '@contracts/question-states';
import type { QuestionDetail } from '@contracts/questions';
import { QUESTION_MESSAGES } from '@contracts/questions';
import { toast } from '@/components/toast/toast-store';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Hero } from '@/components/ui/hero';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/page-loading';
import { openInNewTab } from '@/lib/open-in-new-tab';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { timeSince } from '@/lib/relative-time';
import { DeclineDialog } from './decline-dialog';
import { AccessRestricted, Badge, Box, QuestionNotFound } from './detail-parts';
import { DisputeDialog } from './dispute-dialog';
import { HelpfulRating } from './helpful-rating';
import { DeclinedBox, DisputeStatus, RefundedBox, UnpaidBox, WithdrawnBox } from './money-state';
import { errorStatus, useMarkQuestionViewed, useQuestionDetail } from './question-api';
import { ReportDialog } from './report-dialog';
import { REFUNDED_SENTENCE, SimpleDetail } from './simple-detail';
import { StarReview } from './star-review';
import { StatusBadge } from './status-badge';
import { useCheckout } from './unpaid-actions';

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

const LOAD_ERROR_INLINE = 'This question could not be loaded right now.';

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
  const state = {
    status: q.status,
    paymentStatus: q.paymentStatus,
    hasAnswer: q.answer !== null,
    disputeFlagged: q.disputeFlagged,
    disputeUntil: q.disputeUntil,
  };
  // The same rules the server applies, so no button here is refused (ADR 023).
  const may = askerActions(state);
  const coachMay = coachActions(state);
  const waiting = q.answer === null && q.status === 'pending';
  const unpaidWaiting = isAsker && waiting && may.pay;
  const refundedUnanswered = q.answer === null && q.status === 'refunded';
  const refundedAnswer =
    q.answer !== null && (q.paymentStatus === 'refunded' || q.paymentStatus === 'refunding');
  const paymentDue = isAsker && q.answer !== null && may.pay;
  const paymentComplete = q.status === 'answered' && q.paymentStatus === 'paid';

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

        {q.answer !== null && <AnswerCard answer={q.answer} answeredAt={q.answeredAt} />}

        {unpaidWaiting && <UnpaidBox q={q} />}
        {waiting && !unpaidWaiting && (
          <WaitingBox q={q} isAsker={isAsker} canDecline={!isAsker && coachMay.decline} />
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
        {q.status === 'declined' && <DeclinedBox q={q} isAsker={isAsker} />}
        {q.status === 'withdrawn' && <WithdrawnBox />}
        {q.dispute && <DisputeStatus dispute={q.dispute} isAsker={isAsker} />}
        {refundedAnswer && <RefundedBox q={q} isAsker={isAsker} />}

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

        {isAsker && q.answer !== null && <AskerActions q={q} may={may} />}

        {q.thread.length > 1 && <Thread q={q} />}
      </div>
    </>
  );
}

function AnswerCard({ answer, answeredAt }: { answer: string; answeredAt: string | null }) {
  return (
    <Card className="border-l-4 border-l-volt p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="flex items-center gap-2">
          <MessageSquareText aria-hidden className="size-5 shrink-0 text-navy" />
          <h2 className="text-xl font-bold text-navy">Coach Response</h2>
        </div>
        {answeredAt && (
          <time dateTime={answeredAt} className="text-sm text-muted">
            {`Answered ${timeSince(answeredAt)}`}
          </time>
        )}
      </div>
      <p className="mt-3 break-words whitespace-pre-line text-ink">{answer}</p>
    </Card>
  );
}

function WaitingBox({
  q,
  isAsker,
  canDecline,
}: {
  q: QuestionDetail;
  isAsker: boolean;
  canDecline: boolean;
}) {
  return (
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
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Button asChild size="sm">
              <Link to="/expert-inbox">Respond to Question</Link>
            </Button>
            {canDecline && <DeclineDialog questionId={q.id} />}
          </div>
        </>
      )}
    </Box>
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
      paymentStatus === 'paid'
        ? 'paid'
        : paymentStatus === 'refunded' || paymentStatus === 'refunding'
          ? 'refunded'
          : 'due'
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
  const checkout = useCheckout({ id: q.id, amount: q.amount, expertName: q.expert.name }, (url) => {
    openInNewTab(url);
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

function AskerActions({ q, may }: { q: QuestionDetail; may: ReturnType<typeof askerActions> }) {
  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-6">
      <h2 className="text-xl font-bold text-navy">Your Feedback</h2>
      {q.disputeFlagged && (
        <p className="flex items-start gap-2 rounded-xl border border-warning/40 bg-warning-soft p-4 text-ink">
          <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
          {QUESTION_MESSAGES.disputeLocked}
        </p>
      )}
      {may.rate && <HelpfulRating questionId={q.id} value={q.myRating} />}
      {may.review && <StarReview questionId={q.id} value={q.myReview} />}
      <div className="flex flex-wrap items-start gap-2 border-t border-line pt-4">
        {may.report && <ReportDialog questionId={q.id} />}
        {may.dispute && q.disputeUntil && (
          <DisputeDialog questionId={q.id} until={q.disputeUntil} />
        )}
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
