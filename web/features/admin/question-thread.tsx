import { formatDateTime } from '@contracts/dates';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { adminApiPaths } from '@contracts/admin-api-paths';
import type { AdminQuestionThread } from '@contracts/admin-data';
import { aroundAnswer } from '@contracts/question-thread';
import type { Attachment } from '@contracts/attachments';
import { AttachmentList } from '@/components/attachments/attachment-list';
import { useQuestionAttachments } from '@/components/attachments/api';
import { MessageList } from '@/components/thread/message-list';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { adminApi, adminToken } from './session';
import { ADMIN_QUERY_KEY, useExpireOnError } from './use-admin-session';
import { UserLink } from './user-link';

/** A titled part of a dispute or report view. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-line px-3 py-2">
      <h3 className="mb-1 text-xs font-bold tracking-wide text-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Files({ files, label }: { files: readonly Attachment[] | undefined; label: string }) {
  if (!files || files.length === 0) return null;
  return (
    <div aria-label={label} role="group" className="mt-2">
      <AttachmentList files={files} />
    </div>
  );
}

/**
 * A question's whole conversation as the administrator reads it for a dispute or a report (issue
 * 23, ADR 066): the question with its context and files, then every message and the answer in
 * time order, each with its files behind fresh signed links; the names open their user pages.
 */
export function AdminQuestionThread({ questionId }: { questionId: string }) {
  const thread = useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'thread', questionId],
    queryFn: ({ signal }) =>
      adminApi<AdminQuestionThread>(adminApiPaths.questionThread(questionId), { signal }),
  });
  const files = useQuestionAttachments(questionId, adminApiPaths.questionAttachments(questionId), {
    authorization: `Bearer ${adminToken.get() ?? ''}`,
  }).data;
  useExpireOnError(thread.error);
  if (thread.isPending) return <p className="text-muted">Loading the conversation…</p>;
  if (!thread.data) return <p className="text-danger">This conversation could not be loaded.</p>;
  const t = thread.data;
  const answeredAt = t.answeredAt;
  const { before, after } = aroundAnswer(t.messages, answeredAt);
  return (
    <div className="flex flex-col gap-3">
      <Section title="The question">
        <p className="text-xs text-muted">
          <UserLink id={t.player.id} name={t.player.name} />
          {` · Player · ${formatDateTime(t.createdAt)}`}
        </p>
        <p className="mt-1 font-semibold break-words whitespace-pre-line text-navy">{t.question}</p>
        {t.context && (
          <p className="mt-1 break-words whitespace-pre-line text-muted">{t.context}</p>
        )}
        <Files files={files?.question} label="Question attachments" />
      </Section>
      <MessageList messages={before} files={files?.messages} />
      <Section title="The answer">
        {t.answer === null ? (
          <p>Not answered</p>
        ) : (
          <>
            <p className="text-xs text-muted">
              <UserLink id={t.coach.id} name={t.coach.name} />
              {` · Coach${answeredAt ? ` · ${formatDateTime(answeredAt)}` : ''}`}
            </p>
            <p className="mt-1 break-words whitespace-pre-line">{t.answer}</p>
            <Files files={files?.answer} label="Answer attachments" />
          </>
        )}
      </Section>
      <MessageList messages={after} files={files?.messages} />
    </div>
  );
}

export const READ_CONVERSATION = 'Read the conversation';

/** The whole conversation of a reported question, message or review, in a dialog. */
export function ConversationDialog({ questionId }: { questionId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          {READ_CONVERSATION}
        </Button>
      </DialogTrigger>
      <DialogContent title={READ_CONVERSATION} className="max-h-[90vh] overflow-y-auto">
        {open && <AdminQuestionThread questionId={questionId} />}
      </DialogContent>
    </Dialog>
  );
}
