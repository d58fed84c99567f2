import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  referenceClipsSchema,
  videoReviewApiPaths,
  type ReferenceClip,
  type ReviewDraftInput,
} from '@contracts/video-review';
import { videoReviewsKey } from '@/components/video-review/reviews-api';
import { api, ApiRequestError } from '@/lib/api-client';

/**
 * The Coach's reference library, to compare with. A library the server does not offer (404) is
 * an empty one: the studio works without it.
 */
export function useReferenceClips() {
  return useQuery({
    queryKey: ['reference-clips'],
    queryFn: async ({ signal }): Promise<ReferenceClip[]> => {
      try {
        const answer = await api<unknown>(videoReviewApiPaths.referenceClips, { signal });
        return referenceClipsSchema.parse(answer).clips;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return [];
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** Saves a recorded review as a draft of the Coach's next answer on the question. */
export function useAddReview(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: ReviewDraftInput) =>
      api<{ id: string }>(videoReviewApiPaths.reviews(questionId), { method: 'POST', body: draft }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoReviewsKey(questionId) }),
  });
}
