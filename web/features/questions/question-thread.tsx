import { Link } from 'react-router';
import { QUESTION_THREAD_HEADINGS } from '@contracts/question-messages';
import type { QuestionDetail } from '@contracts/questions';
import { Card } from '@/components/ui/card';
import { formatDate } from '@contracts/dates';
import { StatusBadge } from './status-badge';

type ThreadItem = QuestionDetail['thread'][number];

/**
 * The other questions between this Player and this Coach: those asked before this one under
 * 'Previous Questions', those asked after under 'Later Questions'. The question on the page is
 * not listed (issue 36); the thread comes oldest first, so it splits where that question stands.
 */
export function Thread({ q }: { q: QuestionDetail }) {
  const at = q.thread.findIndex((item) => item.id === q.id);
  const others = (items: ThreadItem[]) => items.filter((item) => item.id !== q.id);
  const previous = at === -1 ? others(q.thread) : q.thread.slice(0, at);
  const later = at === -1 ? [] : others(q.thread.slice(at + 1));
  return (
    <>
      <ThreadList heading={QUESTION_THREAD_HEADINGS.previous} items={previous} />
      <ThreadList heading={QUESTION_THREAD_HEADINGS.later} items={later} />
    </>
  );
}

function ThreadList({ heading, items }: { heading: string; items: ThreadItem[] }) {
  if (items.length === 0) return null;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-label={heading}>
        <h2 className="text-xl font-bold text-navy">{heading}</h2>
        <ol className="mt-4 flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.id} className="rounded-xl border border-line p-3 sm:p-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                <StatusBadge status={item.status} view="coach" />
                <time dateTime={item.createdAt}>{`Asked ${formatDate(item.createdAt)}`}</time>
                {item.answeredAt && (
                  <time
                    dateTime={item.answeredAt}
                  >{`Answered ${formatDate(item.answeredAt)}`}</time>
                )}
              </div>
              <Link
                to={`/questions/${encodeURIComponent(item.id)}`}
                className="mt-2 line-clamp-2 block break-words text-navy underline-offset-4 hover:underline"
              >
                {item.question}
              </Link>
            </li>
          ))}
        </ol>
      </section>
    </Card>
  );
}
