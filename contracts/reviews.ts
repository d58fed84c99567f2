import { id } from './api-paths';

/**
 * Written reviews (issue 24, ADR 062): the Player's stars with optional words, shown on the Coach's
 * page newest first with the Coach's one public reply; anyone signed in may report one, and an
 * administrator may hide or restore it. Star figures count only published reviews (spec §9).
 * Texts, limits and paths only: the schemas are in `reviews-schemas.ts`, so the Coach's public page,
 * which shows reviews, does not load zod (ADR 073).
 */

/** The most a review's words, or the Coach's reply, may hold (issue 24). */
export const REVIEW_WORDS_MAX = 1000;
/** Reviews on one page of the Coach's list. */
export const REVIEWS_PAGE_SIZE = 10;

export const REVIEW_MESSAGES = {
  wordsLength: `Your review must be at most ${REVIEW_WORDS_MAX} characters.`,
  replyLength: `Your reply must be 1-${REVIEW_WORDS_MAX} characters.`,
  notFound: 'Review not found.',
  notYourReview: 'Only the Coach who was reviewed can reply.',
  alreadyReplied: 'You have already replied to this review. A reply cannot be changed.',
  lockedByReply: 'The Coach has replied to your review, so it can no longer be changed.',
  replyPosted: 'Reply posted',
  replyFailed: 'Failed to post reply. Please try again.',
  reviewSaved: 'Thanks for reviewing your Coach!',
  loadFailed: 'Failed to load reviews.',
} as const;

/** What the page says, in one place for the page and its tests. */
export const REVIEW_TEXTS = {
  heading: 'Reviews',
  empty: 'No reviews yet',
  loadMore: 'Load more reviews',
  wordsLabel: 'Your review (optional)',
  submit: 'Submit Review',
  update: 'Update Review',
  replyLabel: 'Your reply',
  replySubmit: 'Post Reply',
  replyHeading: (coachName: string) => `Reply from ${coachName}`,
  report: 'Report review',
  hidden: 'Hidden by an administrator',
} as const;

export const REVIEW_ACTIONS = {
  hide: {
    label: 'Hide review',
    confirm:
      "Hide this review? It leaves the Coach's page and no longer counts in their star rating. You can restore it later.",
    done: 'Review hidden',
  },
  restore: {
    label: 'Restore review',
    confirm:
      "Restore this review? It shows on the Coach's page and counts in their star rating again.",
    done: 'Review restored',
  },
} as const;
export type ReviewAction = keyof typeof REVIEW_ACTIONS;
export const REVIEW_ACTION_NAMES = Object.keys(REVIEW_ACTIONS) as ReviewAction[];
export const REVIEW_ACTION_REFUSALS = {
  hide: 'This review is already hidden.',
  restore: 'This review is not hidden.',
} as const;

export const reviewApiPaths = {
  coachReviews: (coachId: string, cursor?: string | null) =>
    `/api/coaches/${id(coachId)}/reviews${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  reply: (reviewId: string) => `/api/reviews/${id(reviewId)}/reply`,
  reports: (reviewId: string) => `/api/reviews/${id(reviewId)}/reports`,
  adminAction: (reviewId: string, action: ReviewAction) =>
    `/api/admin/reviews/${id(reviewId)}/${action}`,
} as const;
