import type { ReactNode } from 'react';
import type { Attachment } from '@contracts/attachments';
import { MESSAGE_KIND_LABELS, type ThreadMessage } from '@contracts/question-thread';
import { AttachmentList } from '@/components/attachments/attachment-list';
import { MomentText } from '@/components/video-review/moment-text';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@contracts/dates';

/**
 * The messages of a question's conversation (ADR 058), each with its author, role, kind, time, text
 * and files: one piece for the question page and the administrator's dispute and report views
 * (ADR 066), so both read the record a dispute is judged on the same way.
 */

const ROLE_LABEL = { asker: 'Player', expert: 'Coach' } as const;

export function MessageList({
  messages,
  files,
  after,
  action,
}: {
  messages: readonly ThreadMessage[];
  /** Each message's files by its id, with fresh signed links. */
  files?: Readonly<Record<string, readonly Attachment[]>>;
  /** What a message brought besides its files (a follow-up answer's video reviews). */
  after?: (message: ThreadMessage) => ReactNode;
  /** What the viewer may do about a message (report it), under its text. */
  action?: (message: ThreadMessage) => ReactNode;
}) {
  if (messages.length === 0) return null;
  return (
    <ol aria-label="Conversation" className="flex flex-col gap-3">
      {messages.map((m) => (
        <li key={m.id}>
          <Card
            className={cn(
              'p-4 sm:p-5',
              m.authorRole === 'expert' ? 'border-l-4 border-l-navy' : 'border-l-4 border-l-line',
            )}
          >
            <article aria-label={`${MESSAGE_KIND_LABELS[m.kind]} by ${m.authorName}`}>
              <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <p className="min-w-0 font-semibold break-words text-navy">
                  {m.authorName}
                  <span className="ml-2 text-sm font-normal text-muted">
                    {`${ROLE_LABEL[m.authorRole]} · ${MESSAGE_KIND_LABELS[m.kind]}`}
                  </span>
                </p>
                <time dateTime={m.createdAt} className="text-sm text-muted">
                  {formatDateTime(m.createdAt)}
                </time>
              </header>
              <p className="mt-2 break-words whitespace-pre-line text-ink">
                {/* A moment it points at ("at 0:42") seeks the review video (issue 38). */}
                <MomentText text={m.body} />
              </p>
              {files?.[m.id] && (
                <div className="mt-3">
                  <AttachmentList files={files[m.id] ?? []} />
                </div>
              )}
              {after && <div className="mt-3 empty:hidden">{after(m)}</div>}
              {action?.(m)}
            </article>
          </Card>
        </li>
      ))}
    </ol>
  );
}
