import { ArrowRight, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { formatWholeDollars } from '@contracts/money';
import type { PlayerQuestion } from '@contracts/questions';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { timeSince } from '@/lib/relative-time';
import { MessageBadges } from '../message-badges';
import { NeedLine } from '../need-line';
import { StatusBadge } from '../status-badge';
import { StatusNotice } from './status-notice';

/** One question in My Questions: the Coach, the fee, where it stands and the way to its page. */
export function PlayerQuestionCard({ question: q }: { question: PlayerQuestion }) {
  const answered = q.status === 'answered';
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex items-start gap-3">
        <span aria-hidden className="shrink-0">
          <Avatar src={q.coach.photoUrl} name={q.coach.name} className="size-12 text-base" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-navy">{q.coach.name}</p>
          <p className="truncate text-sm text-muted">{q.coach.expertise}</p>
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
        <MessageBadges messageCount={q.messageCount} />
      </div>

      {q.need && <NeedLine need={{ side: 'asker', ...q.need }} />}

      <p className="mt-4 line-clamp-2 break-words text-ink">{q.question}</p>

      <StatusNotice question={q} />

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline" size="sm" className="w-full sm:w-auto">
          <Link to={`/questions/${encodeURIComponent(q.id)}`}>View Full Details</Link>
        </Button>
        {answered && (
          <Button asChild size="sm" className="w-full sm:w-auto">
            <Link to={`/ask/${encodeURIComponent(q.coach.id)}`}>
              Ask Another Question
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        )}
      </div>
    </Card>
  );
}
