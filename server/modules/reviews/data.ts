import { and, eq } from 'drizzle-orm';
import { REVIEWS_PAGE_SIZE } from '../../../contracts/reviews';
import type { Executor } from '../../db/client';
import { byTime, toPage } from '../../db/keyset';
import { coaches, questions, reviews, users } from '../../db/schema';
import { listedCoach } from '../coaches';

/** Whether the Coach's page exists for the public (their account not deleted). */
export async function isListedCoach(db: Executor, coachId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: coaches.id })
    .from(coaches)
    .where(and(eq(coaches.id, coachId), listedCoach));
  return row !== undefined;
}

// Reads only: `reviews` is written by its owner, questions (`questions/data.ts`), and the reports
// about a review by admin's data (docs/architecture.md, 'Module boundaries').

/**
 * One page of a Coach's published reviews, newest first, served by reviews_expert_newest_idx: the
 * Player's account name, the stars and words, and the Coach's reply.
 */
export async function coachReviewsPage(db: Executor, coachId: string, cursor: string | undefined) {
  const page = byTime(reviews.createdAt, reviews.id, 'desc', cursor);
  const rows = await db
    .select({
      id: reviews.id,
      playerName: users.name,
      rating: reviews.rating,
      words: reviews.body,
      createdAt: reviews.createdAt,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      sortKey: page.sortKey,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(and(eq(reviews.coachId, coachId), eq(reviews.published, true), page.after))
    .orderBy(...page.orderBy)
    .limit(REVIEWS_PAGE_SIZE + 1);
  return toPage(rows, REVIEWS_PAGE_SIZE, (row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    repliedAt: row.repliedAt?.toISOString() ?? null,
  }));
}

/**
 * A review locked for a change, with who takes part in its question (so the change reaches their
 * pages and caches); null when there is no such review.
 */
export async function lockReview(tx: Executor, reviewId: string) {
  const [row] = await tx
    .select({
      id: reviews.id,
      questionId: reviews.questionId,
      coachId: reviews.coachId,
      published: reviews.published,
      reply: reviews.reply,
      coachUserId: coaches.userId,
      playerId: questions.playerId,
    })
    .from(reviews)
    .innerJoin(coaches, eq(coaches.id, reviews.coachId))
    .innerJoin(questions, eq(questions.id, reviews.questionId))
    .where(eq(reviews.id, reviewId))
    .for('update', { of: reviews });
  return row ?? null;
}
export type LockedReview = NonNullable<Awaited<ReturnType<typeof lockReview>>>;
