import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { videoReviewApiPaths, type VideoReview } from '@contracts/video-review';
import { api } from '@/lib/api-client';

/**
 * A question's video reviews (issue 38) as the viewer may see them: its Coach reads their drafts and
 * the sent ones, its Player the sent ones. Under 'questions', so whatever refreshes the question
 * (an answer sent, a realtime event) refreshes them too.
 */
export const videoReviewsKey = (questionId: string) =>
  ['questions', 'video-reviews', questionId] as const;

/** How often the list is read again while a review is being prepared. */
export const PROCESSING_POLL_MS = 2000;

const isProcessing = (reviews: readonly VideoReview[] | undefined) =>
  reviews?.some((review) => review.status === 'processing') ?? false;

/**
 * The reviews with fresh signed links; while one is being prepared, read again every
 * PROCESSING_POLL_MS until none is (then the polling stops by itself).
 */
export function useVideoReviews(questionId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: videoReviewsKey(questionId),
    queryFn: ({ signal }) =>
      api<{ reviews: VideoReview[] }>(videoReviewApiPaths.reviews(questionId), { signal }).then(
        (answer) => answer.reviews,
      ),
    enabled: enabled && questionId !== '',
    // The links are signed and short-lived: read again well before they expire.
    staleTime: 60_000,
    refetchInterval: (query) => (isProcessing(query.state.data) ? PROCESSING_POLL_MS : 5 * 60_000),
  });
}

/** Deletes a draft the Coach will not send. */
export function useRemoveDraft(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: string) =>
      api(videoReviewApiPaths.review(questionId, reviewId), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoReviewsKey(questionId) }),
  });
}

/** The reviews an answer has sent, oldest first; the first answer's have no message. */
export const sentReviews = (reviews: readonly VideoReview[]) =>
  reviews
    .filter((review) => review.sentAt !== null)
    .sort((a, b) => (a.sentAt ?? '').localeCompare(b.sentAt ?? ''));

/** The question's latest sent review with a video to play: the one a moment ("at 0:42") seeks. */
export const latestSentReview = (reviews: readonly VideoReview[]) =>
  sentReviews(reviews)
    .filter((review) => review.videoUrl !== null)
    .at(-1);
