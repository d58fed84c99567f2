import { z } from 'zod';
import { REVIEW_MESSAGES, REVIEW_WORDS_MAX } from './reviews';
import { optionalSecureText, secureText } from './secure-input';

/** Written reviews' schemas (issue 24, ADR 062); their texts and limits are in `reviews.ts`. */

/** The optional words of a Player's review, beside its 1-5 stars. */
export const reviewWordsSchema = optionalSecureText(REVIEW_WORDS_MAX, REVIEW_MESSAGES.wordsLength);

export const reviewReplySchema = z.object({
  reply: secureText({ max: REVIEW_WORDS_MAX, message: REVIEW_MESSAGES.replyLength }),
});
export type ReviewReplyInput = z.input<typeof reviewReplySchema>;

export const coachReviewsParamsSchema = z.object({ coachId: z.uuid() });
export const coachReviewsQuerySchema = z.object({ cursor: z.string().max(400).optional() });

/** One published review as everyone sees it on the Coach's page. */
export const publicReviewSchema = z.object({
  id: z.string(),
  playerName: z.string(),
  rating: z.number().int().min(1).max(5),
  words: z.string().nullable(),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const coachReviewsPageSchema = z.object({
  rows: z.array(publicReviewSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CoachReviewsPage = z.infer<typeof coachReviewsPageSchema>;

/** The review as the administrator sees it beside a report about it. */
export const adminReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  words: z.string().nullable(),
  reply: z.string().nullable(),
  published: z.boolean(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
