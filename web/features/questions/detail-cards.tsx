import { Clock, MessageSquareText } from 'lucide-react';
import { Link } from 'react-router';
import { formatWholeDollars } from '@contracts/money';
import type { QuestionDetail } from '@contracts/questions';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { MomentText } from '@/components/video-review/moment-text';
import { timeSince } from '@/lib/relative-time';

/** The full question page's cards: who answers and for what fee, what was asked, and the answer. */

export function CoachCard({ q }: { q: QuestionDetail }) {
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex items-center gap-4">
        <span aria-hidden className="shrink-0">
          <Avatar
            src={q.coach.photoUrl}
            name={q.coach.name}
            className="size-16 text-xl ring-2 ring-volt"
          />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-display text-xs tracking-widest text-muted uppercase">Coach</p>
          <Link
            to={`/expert/${encodeURIComponent(q.coach.id)}`}
            className="text-xl font-bold break-words text-navy underline-offset-4 hover:underline"
          >
            {q.coach.name}
          </Link>
          <p className="break-words text-muted">{q.coach.expertise}</p>
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

export function QuestionCard({ q }: { q: QuestionDetail }) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-xl font-bold text-navy">Question</h2>
      <div className="mt-3 flex items-center gap-3">
        <span aria-hidden className="shrink-0">
          <Avatar src={q.player.photoUrl} name={q.player.name} className="size-10 text-sm" />
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-navy">{q.player.name}</p>
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

export function AnswerCard({ answer, answeredAt }: { answer: string; answeredAt: string | null }) {
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
      <p className="mt-3 break-words whitespace-pre-line text-ink">
        <MomentText text={answer} />
      </p>
    </Card>
  );
}
