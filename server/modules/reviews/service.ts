import { REVIEW_MESSAGES } from '../../../contracts/reviews';
import type { ServiceDeps } from '../../context';
import { transaction } from '../../db/unit-of-work';
import { AppError, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { insertAbuseReport } from '../abuse-reports/data';
import { writeReviewReply } from '../question-records/data';
import { lockReview, type LockedReview } from './data';

type Deps = Pick<ServiceDeps, 'db' | 'bus'>;

/** Who a change to the review concerns: its question's Player and Coach (their pages, caches). */
export const reviewParticipants = (review: LockedReview) => ({
  questionId: review.questionId,
  playerId: review.playerId,
  coachUserId: review.coachUserId,
});

/** A review the public can see; a hidden one is, to everyone but administrators, not there. */
function published(review: LockedReview | null): LockedReview {
  if (!review?.published) throw notFound(REVIEW_MESSAGES.notFound);
  return review;
}

/** The reviewed Coach answers a review once, publicly; the reply is never edited (ADR 062). */
export async function replyToReview(
  deps: Deps,
  user: SessionUser,
  reviewId: string,
  reply: string,
) {
  await transaction(deps, async (tx, changes) => {
    const review = published(await lockReview(tx, reviewId));
    if (review.coachUserId !== user.id) throw forbidden(REVIEW_MESSAGES.notYourReview);
    if (!(await writeReviewReply(tx, review.id, reply, new Date()))) {
      throw new AppError(409, REVIEW_MESSAGES.alreadyReplied);
    }
    changes.raise('questions.changed', reviewParticipants(review));
  });
}

/** Anyone signed in reports a published review; it joins the administrators' abuse reports. */
export async function reportReview(
  deps: Deps,
  user: SessionUser,
  reviewId: string,
  input: {
    reason: 'harassment' | 'inappropriate' | 'spam' | 'scam' | 'other';
    details: string | null;
  },
) {
  await transaction(deps, async (tx) => {
    const review = published(await lockReview(tx, reviewId));
    await insertAbuseReport(tx, {
      reporterId: user.id,
      reportedQuestionId: review.questionId,
      reportedCoachId: review.coachId,
      reportedReviewId: review.id,
      reason: input.reason,
      details: input.details,
    });
  });
}
