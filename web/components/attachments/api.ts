import { useQuery } from '@tanstack/react-query';
import { questionAttachmentsSchema, type QuestionAttachments } from '@contracts/attachments';
import { api } from '@/lib/api-client';

/**
 * A question's attachments with fresh signed links. The links expire (ATTACHMENT_URL_TTL_SECONDS),
 * so the list is read again well before: every five minutes while the page is open.
 */
export function useQuestionAttachments(
  questionId: string,
  path = `/api/questions/${encodeURIComponent(questionId)}/attachments`,
  headers?: Record<string, string>,
) {
  return useQuery({
    queryKey: ['attachments', questionId, path],
    queryFn: async (): Promise<QuestionAttachments> =>
      questionAttachmentsSchema.parse(await api<unknown>(path, headers ? { headers } : {})),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}
