import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { videoReviewApiPaths, type ReferenceClip } from '@contracts/video-review';
import { api } from '@/lib/api-client';

/**
 * The Coach's reference library (ADR 091). Its links are signed and short-lived
 * (ATTACHMENT_URL_TTL_SECONDS), so the list is read again every five minutes while it is shown,
 * as a question's attachments are.
 */
export const referenceClipsQuery = () =>
  queryOptions({
    queryKey: ['reference-clips'],
    queryFn: async () =>
      (await api<{ clips: ReferenceClip[] }>(videoReviewApiPaths.referenceClips)).clips,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });

/** Each change answers with the library as the server now holds it, read again. */
function useLibraryChange<T>(change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceClipsQuery().queryKey }),
  });
}

export const useAddClip = () =>
  useLibraryChange((body: { attachmentId: string; name: string }) =>
    api<ReferenceClip>(videoReviewApiPaths.referenceClips, { method: 'POST', body }),
  );

export const useRenameClip = () =>
  useLibraryChange(({ id, name }: { id: string; name: string }) =>
    api<ReferenceClip>(videoReviewApiPaths.referenceClip(id), {
      method: 'PATCH',
      body: { name },
    }),
  );

export const useDeleteClip = () =>
  useLibraryChange((id: string) =>
    api(videoReviewApiPaths.referenceClip(id), { method: 'DELETE' }),
  );
