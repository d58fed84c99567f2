import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { AttachmentList } from '@/components/attachments/attachment-list';
import { useQuestionAttachments } from '@/components/attachments/api';

/**
 * The files sent with the question or with its answer, with fresh signed links; nothing while
 * they load or when there are none.
 */
export function QuestionAttachments({
  questionId,
  part,
}: {
  questionId: string;
  part: 'question' | 'answer';
}) {
  const { data } = useQuestionAttachments(questionId);
  const files = data?.[part] ?? [];
  if (files.length === 0) return null;
  return (
    <section
      aria-label={part === 'question' ? 'Question attachments' : 'Answer attachments'}
      className="rounded-xl border border-line p-4"
    >
      <AttachmentList files={files} />
    </section>
  );
}

/**
 * A message or an answer that arrives (sent here or by the other side, announced in realtime)
 * brings its files: the question's attachments are read again whenever `version` (what the thread
 * holds) changes, and not on the first render, which reads them anyway.
 */
export function useAttachmentsFollowTheThread(questionId: string, version: string) {
  const queryClient = useQueryClient();
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void queryClient.invalidateQueries({ queryKey: ['attachments', questionId] });
  }, [queryClient, questionId, version]);
}
