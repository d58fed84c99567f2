import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { videoReviewApiPaths, type VideoReview } from '@contracts/video-review';
import { api } from '@/lib/api-client';

/**
 * A question's video reviews (issue 38) as the viewer may see them: its Coach reads their drafts and
 * the sent ones, its Player the sent ones. Not under 'questions', which every realtime event
 * refreshes: new signed links would reload a review video someone is watching. They are read again
 * when the thread grows (`useReviewsFollowTheThread`) or an answer form sends them.
 */
export const videoReviewsKey = (questionId: string) => ['video-reviews', questionId] as const;

/** How often the list is read again while a review is being prepared. */
export const PROCESSING_POLL_MS = 2000;

const isProcessing = (reviews: readonly VideoReview[] | undefined) =>
  reviews?.some((review) => review.status === 'processing') ?? false;

/**
 * The reviews with fresh signed links; while one is being prepared, read again every
 * PROCESSING_POLL_MS until none is (then the polling stops by itself). `refresh` renews the links
 * every five minutes, before they expire; a replay that is being watched turns it off, since a new
 * link reloads the video.
 */
export function useVideoReviews(questionId: string, { enabled = true, refresh = true } = {}) {
  return useQuery({
    queryKey: videoReviewsKey(questionId),
    queryFn: ({ signal }) =>
      api<{ reviews: VideoReview[] }>(videoReviewApiPaths.reviews(questionId), { signal }).then(
        (answer) => answer.reviews,
      ),
    enabled: enabled && questionId !== '',
    // The links are signed and short-lived: read again well before they expire.
    staleTime: refresh ? 60_000 : Infinity,
    refetchOnWindowFocus: refresh,
    refetchInterval: (query) =>
      isProcessing(query.state.data) ? PROCESSING_POLL_MS : refresh && 5 * 60_000,
  });
}

/**
 * An answer or a message that arrives (sent here or by the other side, announced in realtime) may
 * bring reviews: they are read again whenever `version` (what the thread holds) changes, and not on
 * the first render, which reads them anyway.
 */
export function useReviewsFollowTheThread(questionId: string, version: string) {
  const queryClient = useQueryClient();
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void queryClient.invalidateQueries({ queryKey: videoReviewsKey(questionId) });
  }, [queryClient, questionId, version]);
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
