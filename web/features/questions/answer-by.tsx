import { CalendarClock } from 'lucide-react';
import type { PaymentStatus, QuestionStatus } from '@contracts/question-states';
import { formatDateTime } from '@contracts/dates';
import { formatAnswerBy } from '@contracts/response-time';
import { cn } from '@/lib/cn';

/** A question waits for its answer, with a deadline, only once it is paid and until answered. */
export const isWaitingWithDeadline = (q: {
  status: QuestionStatus;
  paymentStatus: PaymentStatus;
}) => q.status === 'pending' && q.paymentStatus === 'paid';

/**
 * "Answer by {date}" (ADR 060): the moment an unanswered paid question is refunded, shown alike to
 * its Player and its Coach, in the words of every e-mail about it, in the reader's time zone.
 */
export function AnswerBy({
  question: q,
  className,
}: {
  question: { status: QuestionStatus; paymentStatus: PaymentStatus; answerBy: string };
  className?: string;
}) {
  if (!isWaitingWithDeadline(q)) return null;
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 text-sm font-semibold text-navy', className)}
    >
      <CalendarClock aria-hidden className="size-4 shrink-0" />
      <time dateTime={q.answerBy}>{formatAnswerBy(q.answerBy, formatDateTime)}</time>
    </span>
  );
}
