import { Link } from 'react-router';
import type { QuestionDetail } from '@contracts/questions';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDate } from '@contracts/dates';
import { StatusBadge } from './status-badge';

/** 'Previous Questions': every question between this Player and this Coach, this one marked. */
export function Thread({ q }: { q: QuestionDetail }) {
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
