import { and, eq, sql } from 'drizzle-orm';
import type { DisputeReason } from '../../../contracts/question-states';
import type { BusEvents } from '../../adapters/events/types';
import type { Executor } from '../../db/client';
import { abuseReports, coaches, payouts, questions, ratings, reviews } from '../../db/schema';
import type { Changes } from '../../db/unit-of-work';

export async function findQuestion(db: Executor, id: string) {
  const [row] = await db
    .select({ question: questions, coachUserId: coaches.userId })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .where(eq(questions.id, id));
  return row ?? null;
}

/** A question and the two people whose pages show it: the payload of `questions.changed`. */
type Participants = BusEvents['questions.changed'];

/** A new question (idempotent per Player and key): null when a concurrent repeat created it. */
export async function insertQuestion(
  tx: Executor,
  changes: Changes,
  values: Omit<typeof questions.$inferInsert, 'id'>,
  coachUserId: string,
) {
  const [row] = await tx
    .insert(questions)
    .values(values)
    // A concurrent repeat lost the race: it creates nothing and reads the winner's question.
    .onConflictDoNothing({
      target: [questions.playerId, questions.idempotencyKey],
      where: sql`${questions.idempotencyKey} IS NOT NULL`,
    })
    .returning({ id: questions.id });
  if (row)
    changes.raise('questions.changed', {
      questionId: row.id,
      coachUserId,
      playerId: values.playerId,
    });
  return row ?? null;
}

/** The question a Player already created with this idempotency key, if any. */
export async function findByIdempotencyKey(db: Executor, playerId: string, key: string) {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.playerId, playerId), eq(questions.idempotencyKey, key)));
  return row;
}

/** The question row locked for the transaction, with its Coach's user and its hold window. */
export async function lockQuestion(tx: Executor, id: string) {
  const [row] = await tx
    .select({
      question: questions,
      coachUserId: coaches.userId,
      disputeUntil: payouts.releasableAt,
    })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .leftJoin(payouts, eq(payouts.questionId, questions.id))
    .where(eq(questions.id, id))
    .for('update', { of: questions });
  return row ?? null;
}

/**
 * The question's own transitions (`QUESTION_TRANSITIONS` in contracts/question-states.ts; the
 * money columns are the payments module's): each changes the row and tells both participants'
 * pages. The caller has locked the row and checked the transition is allowed.
 */
async function changeQuestion(
  tx: Executor,
  changes: Changes,
  who: Participants,
  set: Partial<typeof questions.$inferInsert>,
) {
  await tx.update(questions).set(set).where(eq(questions.id, who.questionId));
  changes.raise('questions.changed', who);
}

/** pending → answered, with the answer. */
export const markAnswered = (
  tx: Executor,
  changes: Changes,
  who: Participants,
  answer: string,
  answeredAt: Date,
) => changeQuestion(tx, changes, who, { answer, status: 'answered', answeredAt });

/** An answered, paid question is disputed by its Player: the payout stays held. */
export const markDisputed = (
  tx: Executor,
  changes: Changes,
  who: Participants,
  dispute: { reason: DisputeReason; details: string | null | undefined },
  now: Date,
) =>
  changeQuestion(tx, changes, who, {
    disputeFlagged: true,
    disputeReason: dispute.reason,
    disputeDetails: dispute.details,
    disputedAt: now,
  });

/** pending and unpaid → withdrawn by the Player. */
export const markWithdrawn = (tx: Executor, changes: Changes, who: Participants, now: Date) =>
  changeQuestion(tx, changes, who, { status: 'withdrawn', withdrawnAt: now });

/** pending → declined by the Coach (a paid one's refund is claimed with it). */
export const markDeclined = (
  tx: Executor,
  changes: Changes,
  who: Participants,
  note: string | null | undefined,
  now: Date,
) => changeQuestion(tx, changes, who, { status: 'declined', declinedAt: now, declineNote: note });

/** The Player's helpful rating (one per question and user, changeable). */
export async function upsertRating(
  tx: Executor,
  changes: Changes,
  who: Participants,
  row: { coachId: string; userId: string; isHelpful: boolean },
) {
  await tx
    .insert(ratings)
    .values({ questionId: who.questionId, ...row })
    .onConflictDoUpdate({
      target: [ratings.questionId, ratings.userId],
      set: { isHelpful: row.isHelpful, updatedAt: new Date() },
    });
  changes.raise('questions.changed', who);
}

/** The Player's star review (one per question, changeable). */
export async function upsertReview(
  tx: Executor,
  changes: Changes,
  who: Participants,
  row: { coachId: string; reviewerId: string; rating: number },
) {
  await tx
    .insert(reviews)
    .values({ questionId: who.questionId, ...row })
    .onConflictDoUpdate({ target: reviews.questionId, set: { rating: row.rating } });
  changes.raise('questions.changed', who);
}

/** An abuse report: for the administrators only, so no page changes. */
export async function insertAbuseReport(tx: Executor, values: typeof abuseReports.$inferInsert) {
  await tx.insert(abuseReports).values(values);
}

/**
 * Clears the viewer's unread flag if it is set (answered questions only, for the Player); raises
 * the change only when a flag was cleared.
 */
export async function markQuestionViewed(
  tx: Executor,
  changes: Changes,
  who: Participants,
  viewer: 'asker' | 'expert',
) {
  const changed = await tx
    .update(questions)
    .set(viewer === 'asker' ? { playerViewedResponse: true } : { coachViewedQuestion: true })
    .where(
      and(
        eq(questions.id, who.questionId),
        viewer === 'asker'
          ? and(eq(questions.status, 'answered'), eq(questions.playerViewedResponse, false))
          : eq(questions.coachViewedQuestion, false),
      ),
    )
    .returning({ id: questions.id });
  if (changed.length > 0) changes.raise('questions.changed', who);
}

/** The Coach a question is asked of, with their current price. */
export async function findCoach(db: Executor, coachId: string) {
  const [row] = await db.select().from(coaches).where(eq(coaches.id, coachId));
  return row ?? null;
}
