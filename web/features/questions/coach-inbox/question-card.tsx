import { ArrowRight, Clock, CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { formatWholeDollars } from '@contracts/money';
import { isUnpaid } from '@contracts/question-states';
import type { CoachInboxQuestion } from '@contracts/questions';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { timeSince } from '@/lib/relative-time';
import { AnswerBy, isWaitingWithDeadline } from '../answer-by';
import { DeclineDialog } from '../decline-dialog';
import { RespondDialog } from '../respond-dialog';
import { MessageBadges } from '../message-badges';
import { NeedLine } from '../need-line';
import { StatusBadge } from '../status-badge';

/** One question in the Coach Inbox: who asked, for what fee, and Decline / Respond while pending. */
export function CoachInboxCard({
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
          to={`/profile/${encodeURIComponent(q.playerId)}`}
          className="group flex min-w-0 items-center gap-3 rounded-lg"
        >
          <span aria-hidden className="shrink-0">
            <Avatar src={q.playerPhotoUrl} name={q.playerName} className="size-11 text-base" />
          </span>
          <span className="min-w-0 truncate font-semibold text-navy group-hover:underline">
            {q.playerName}
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
        <MessageBadges messageCount={q.messageCount} replyWaiting={q.replyWaiting} />
        <AnswerBy question={q} />
      </div>

      {q.need && (
        <NeedLine
          need={{ side: 'expert', ...q.need }}
          // "Answer by …" above says the answer's deadline already.
          deadlineShown={q.need.by === q.answerBy && isWaitingWithDeadline(q)}
        />
      )}

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
