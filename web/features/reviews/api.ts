import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { REPORT_REASONS } from '@contracts/question-messages';
import { reviewApiPaths } from '@contracts/reviews';
import type { CoachReviewsPage } from '@contracts/reviews-schemas';
import { api } from '@/lib/api-client';

/**
 * A Coach's published reviews, newest first, a page at a time. Keyed under 'coaches' so a realtime
 * Coaches change refetches them with the page they sit on.
 */
export const coachReviewsQuery = (coachId: string) =>
  infiniteQueryOptions({
    queryKey: ['coaches', 'reviews', coachId],
    queryFn: ({ pageParam, signal }) =>
      api<CoachReviewsPage>(reviewApiPaths.coachReviews(coachId, pageParam), { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useCoachReviews = (coachId: string) => useInfiniteQuery(coachReviewsQuery(coachId));

/** The reviewed Coach's one public reply; the list and the figures are read again after it. */
export function useReplyToReview(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: string) =>
      api(reviewApiPaths.reply(reviewId), { method: 'POST', body: { reply } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coaches'] }),
  });
}

export interface ReviewReport {
  reason: (typeof REPORT_REASONS)[number]['value'];
  details?: string;
}

export function useReportReview(reviewId: string) {
  return useMutation({
    mutationFn: (report: ReviewReport) =>
      api(reviewApiPaths.reports(reviewId), { method: 'POST', body: report }),
  });
}
