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
