import { useQueryClient } from '@tanstack/react-query';
import { Clapperboard } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Attachment } from '@contracts/attachments';
import { studioReturn } from '@contracts/studio-access';
import { REVIEW_MESSAGES, studioPath } from '@contracts/video-review';
import { AttachmentList } from '@/components/attachments/attachment-list';
import { useQuestionAttachments } from '@/components/attachments/api';
import { useQuestionDetail } from './question-api';

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
      {part === 'question' && <StudioLinks questionId={questionId} files={files} />}
    </section>
  );
}

/**
 * "Open in studio" for each of the Player's videos in `files` (issue 38): shown to the question's
 * Coach only, while they can still answer it or its follow-up (`studioReturn`).
 */
export function StudioLinks({
  questionId,
  files,
}: {
  questionId: string;
  files: readonly Attachment[];
}) {
  const { data: q } = useQuestionDetail(questionId);
  const videos = files.filter((f) => f.kind === 'video' && !f.removed);
  if (!q || videos.length === 0 || studioReturn(q) === null) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2">
      {videos.map((file) => (
        <li key={file.id}>
          <Link
            to={studioPath(questionId, file.id)}
            aria-label={
              videos.length > 1 ? `${REVIEW_MESSAGES.openStudio}: ${file.name}` : undefined
            }
            className="inline-flex items-center gap-1.5 rounded-lg border-2 border-navy px-3 py-1.5 text-sm font-semibold text-navy hover:bg-navy hover:text-white"
          >
            <Clapperboard aria-hidden className="size-4" />
            {REVIEW_MESSAGES.openStudio}
          </Link>
        </li>
      ))}
    </ul>
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
