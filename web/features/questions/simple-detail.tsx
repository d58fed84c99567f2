import { MessageSquareText, Undo2 } from 'lucide-react';
import { QUESTION_MESSAGES, type QuestionDetail } from '@contracts/questions';
import { promiseText } from '@contracts/response-time';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@contracts/dates';
import { timeSince } from '@/lib/relative-time';
import { Badge } from './detail-parts';

/**
 * Why a question was refunded. The spec's sentence, at the promise the question was asked under
 * (ADR 060), when its deadline did it; a refund before the deadline came from elsewhere (an
 * administrator, the Coach's suspension or deletion) and says only that.
 */
export const refundedSentence = (q: {
  responseHours: number;
  refundedAt: string | null;
  answerBy: string;
}) =>
  q.refundedAt !== null && Date.parse(q.refundedAt) < Date.parse(q.answerBy)
    ? QUESTION_MESSAGES.refundedEarly
    : `This question was not answered within ${promiseText(q.responseHours)} and has been refunded.`;

const SIMPLE_BADGES = {
  refunded: { label: 'Refunded', tone: 'border-slate-300 bg-slate-100 text-slate-700' },
  completed: { label: 'Completed', tone: 'border-green-300 bg-green-50 text-green-800' },
  awaiting: { label: 'Awaiting Answer', tone: 'border-amber-300 bg-amber-50 text-amber-900' },
  unpaid: { label: 'Payment Pending', tone: 'border-orange-300 bg-warning-soft text-warning' },
  // Closed without a payment to return (ADR 023): the spec's four badges do not cover these.
  declined: { label: 'Declined', tone: 'border-slate-300 bg-slate-100 text-slate-700' },
  withdrawn: { label: 'Withdrawn', tone: 'border-slate-300 bg-slate-100 text-slate-700' },
} as const;

const simpleBadge = (q: QuestionDetail) => {
  if (q.status === 'refunded' || q.paymentStatus === 'refunded') return SIMPLE_BADGES.refunded;
  if (q.status === 'declined' || q.status === 'withdrawn') return SIMPLE_BADGES[q.status];
  if (q.status === 'answered') return SIMPLE_BADGES.completed;
  return q.paymentStatus === 'paid' ? SIMPLE_BADGES.awaiting : SIMPLE_BADGES.unpaid;
};

/** The simple variant (/question/{id}): status, question, answer and their times. */
export function SimpleDetail({ q }: { q: QuestionDetail }) {
  const badge = simpleBadge(q);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <Card className="p-5 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-3xl leading-none font-bold text-navy sm:text-4xl">Question</h1>
            <p className="mt-2 text-sm break-words text-muted">
              {`To ${q.coach.name} · `}
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
            {refundedSentence(q)}
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
