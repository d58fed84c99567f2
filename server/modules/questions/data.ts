import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { QUESTION_PAGE_SIZE } from '../../../contracts/limits';
import type { InboxFilter } from '../../../contracts/questions';
import type { BusEvents } from '../../adapters/events/types';
import type { Executor } from '../../db/client';
import { byTime, toPage } from '../../db/keyset';
import {
  abuseReports,
  experts,
  payouts,
  questions,
  ratings,
  reviews,
  userRoles,
} from '../../db/schema';
import type { Changes } from '../../db/unit-of-work';

/**
 * The inbox shows questions whose payment is paid or still pending (spec §4), and not those the
 * Player withdrew or the Coach declined (ADR 023).
 */
const VISIBLE_PAYMENT = and(
  inArray(questions.paymentStatus, ['paid', 'pending']),
  inArray(questions.status, ['pending', 'answered']),
);

/**
 * A page of the inbox under one filter (spec §4 'Inbox filters'): All and Unanswered newest asked
 * first, Answered newest answered first; keyset-paged, each filter on its own partial index
 * (ADR 018).
 */
export async function coachInboxPage(
  db: Executor,
  expertId: string,
  filter: InboxFilter,
  cursor: string | undefined,
) {
  const sort = filter === 'answered' ? questions.answeredAt : questions.createdAt;
  const page = byTime(sort, questions.id, 'desc', cursor);
  const status =
    filter === 'all'
      ? undefined
      : eq(questions.status, filter === 'answered' ? 'answered' : 'pending');
  const rows = await db
    .select({
      id: questions.id,
      askerId: questions.askerId,
      askerName: questions.askerName,
      askerPhotoUrl: userRoles.photoUrl,
      question: questions.question,
      context: questions.context,
      answer: questions.answer,
      status: questions.status,
      paymentStatus: questions.paymentStatus,
      amount: questions.amount,
      createdAt: questions.createdAt,
      answeredAt: questions.answeredAt,
      sortKey: page.sortKey,
    })
    .from(questions)
    .leftJoin(userRoles, and(eq(userRoles.userId, questions.askerId), eq(userRoles.role, 'asker')))
    .where(and(eq(questions.expertId, expertId), VISIBLE_PAYMENT, status, page.after))
    .orderBy(...page.orderBy)
    .limit(QUESTION_PAGE_SIZE + 1);
  return toPage(rows, QUESTION_PAGE_SIZE);
}

/**
 * The inbox's header figures without counting the Coach's history (10,000 questions for the
 * busiest): answers from the Coach's `answered_count` (kept by a trigger, ADR 025), questions
 * waiting from the visible index (a few hundred at most), the first question from the front of it.
 */
export async function coachInboxSummary(db: Executor, expertId: string) {
  const visible = and(eq(questions.expertId, experts.id), VISIBLE_PAYMENT);
  const [row] = await db
    .select({
      answered: experts.answeredCount,
      unanswered: sql<number>`(select count(*)::int from ${questions} where ${and(visible, eq(questions.status, 'pending'))})`,
      oldest:
        sql`(select ${questions.createdAt} from ${questions} where ${visible} order by ${questions.createdAt} limit 1)`.mapWith(
          questions.createdAt,
        ),
    })
    .from(experts)
    .where(eq(experts.id, expertId));
  return {
    coachSince: row?.oldest ?? null,
    answeredCount: row?.answered ?? 0,
    unansweredCount: row?.unanswered ?? 0,
  };
}

/** A page of My Questions, newest first: served by questions_asker_idx. */
export async function playerQuestionsPage(
  db: Executor,
  askerId: string,
  cursor: string | undefined,
) {
  const page = byTime(questions.createdAt, questions.id, 'desc', cursor);
  const rows = await db
    .select({
      id: questions.id,
      expertId: experts.id,
      expertName: experts.name,
      expertPhotoUrl: experts.photoUrl,
      expertise: experts.expertise,
      question: questions.question,
      answer: questions.answer,
      status: questions.status,
      paymentStatus: questions.paymentStatus,
      amount: questions.amount,
      createdAt: questions.createdAt,
      answeredAt: questions.answeredAt,
      disputeFlagged: questions.disputeFlagged,
      disputeUntil: payouts.releasableAt,
      declinedAt: questions.declinedAt,
      sortKey: page.sortKey,
    })
    .from(questions)
    .innerJoin(experts, eq(experts.id, questions.expertId))
    .leftJoin(payouts, eq(payouts.questionId, questions.id))
    .where(and(eq(questions.askerId, askerId), page.after))
    .orderBy(...page.orderBy)
    .limit(QUESTION_PAGE_SIZE + 1);
  return toPage(rows, QUESTION_PAGE_SIZE);
}

export async function findQuestion(db: Executor, id: string) {
  const [row] = await db
    .select({ question: questions, expertUserId: experts.userId })
    .from(questions)
    .innerJoin(experts, eq(experts.id, questions.expertId))
    .where(eq(questions.id, id));
  return row ?? null;
}

/**
 * The question page's read in one query: the question, its Coach, the asker's photo, its review and
 * the viewer's own helpful rating.
 */
export async function findQuestionDetail(db: Executor, id: string, viewerId: string) {
  const [row] = await db
    .select({
      question: questions,
      expertUserId: experts.userId,
      expert: {
        id: experts.id,
        name: experts.name,
        photoUrl: experts.photoUrl,
        expertise: experts.expertise,
      },
      askerPhotoUrl: userRoles.photoUrl,
      review: reviews.rating,
      viewerHelpful: ratings.isHelpful,
      disputeUntil: payouts.releasableAt,
    })
    .from(questions)
    .innerJoin(experts, eq(experts.id, questions.expertId))
    .leftJoin(payouts, eq(payouts.questionId, questions.id))
    .leftJoin(userRoles, and(eq(userRoles.userId, questions.askerId), eq(userRoles.role, 'asker')))
    .leftJoin(reviews, eq(reviews.questionId, questions.id))
    .leftJoin(ratings, and(eq(ratings.questionId, questions.id), eq(ratings.userId, viewerId)))
    .where(eq(questions.id, id));
  return row ?? null;
}

/** Every question between one asker and one Coach, oldest first: served by questions_thread_idx. */
export function threadBetween(db: Executor, askerId: string, expertId: string) {
  return db
    .select({
      id: questions.id,
      question: questions.question,
      answer: questions.answer,
      status: questions.status,
      paymentStatus: questions.paymentStatus,
      amount: questions.amount,
      createdAt: questions.createdAt,
      answeredAt: questions.answeredAt,
    })
    .from(questions)
    .where(and(eq(questions.askerId, askerId), eq(questions.expertId, expertId)))
    .orderBy(asc(questions.createdAt));
}

// ---------------------------------------------------------------- writes (ADR 032)
// Each write that changes what a participant's page shows raises `questions.changed`; the unit of
// work (`server/db/unit-of-work.ts`) publishes it once the transaction commits.

/** A question and the two people whose pages show it: the payload of `questions.changed`. */
type Participants = BusEvents['questions.changed'];

/** A new question (idempotent per asker and key): null when a concurrent repeat created it. */
export async function insertQuestion(
  tx: Executor,
  changes: Changes,
  values: Omit<typeof questions.$inferInsert, 'id'>,
  expertUserId: string,
) {
  const [row] = await tx
    .insert(questions)
    .values(values)
    // A concurrent repeat lost the race: it creates nothing and reads the winner's question.
    .onConflictDoNothing({
      target: [questions.askerId, questions.idempotencyKey],
      where: sql`${questions.idempotencyKey} IS NOT NULL`,
    })
    .returning({ id: questions.id });
  if (row)
    changes.raise('questions.changed', {
      questionId: row.id,
      expertUserId,
      askerId: values.askerId,
    });
  return row ?? null;
}

/** The question an asker already created with this idempotency key, if any. */
export async function findByIdempotencyKey(db: Executor, askerId: string, key: string) {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.askerId, askerId), eq(questions.idempotencyKey, key)));
  return row;
}

/** The question row locked for the transaction, with its Coach's user and its hold window. */
export async function lockQuestion(tx: Executor, id: string) {
  const [row] = await tx
    .select({
      question: questions,
      expertUserId: experts.userId,
      disputeUntil: payouts.releasableAt,
    })
    .from(questions)
    .innerJoin(experts, eq(experts.id, questions.expertId))
    .leftJoin(payouts, eq(payouts.questionId, questions.id))
    .where(eq(questions.id, id))
    .for('update', { of: questions });
  return row ?? null;
}

/** Changes the question's own row and tells both participants' pages. */
export async function updateQuestion(
  tx: Executor,
  changes: Changes,
  who: Participants,
  set: Partial<
    Pick<
      typeof questions.$inferInsert,
      | 'answer'
      | 'status'
      | 'answeredAt'
      | 'disputeFlagged'
      | 'disputeReason'
      | 'disputeDetails'
      | 'disputedAt'
      | 'withdrawnAt'
      | 'declinedAt'
      | 'declineNote'
    >
  >,
) {
  await tx.update(questions).set(set).where(eq(questions.id, who.questionId));
  changes.raise('questions.changed', who);
}

/** The asker's helpful rating (one per question and user, changeable). */
export async function upsertRating(
  tx: Executor,
  changes: Changes,
  who: Participants,
  row: { expertId: string; userId: string; isHelpful: boolean },
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

/** The asker's star review (one per question, changeable). */
export async function upsertReview(
  tx: Executor,
  changes: Changes,
  who: Participants,
  row: { expertId: string; reviewerId: string; rating: number },
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
 * Clears the viewer's unread flag if it is set (answered questions only, for the asker); raises
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
    .set(viewer === 'asker' ? { askerViewedResponse: true } : { expertViewedQuestion: true })
    .where(
      and(
        eq(questions.id, who.questionId),
        viewer === 'asker'
          ? and(eq(questions.status, 'answered'), eq(questions.askerViewedResponse, false))
          : eq(questions.expertViewedQuestion, false),
      ),
    )
    .returning({ id: questions.id });
  if (changed.length > 0) changes.raise('questions.changed', who);
}

/** The Coach a question is asked of, with their current price. */
export async function findCoach(db: Executor, expertId: string) {
  const [row] = await db.select().from(experts).where(eq(experts.id, expertId));
  return row ?? null;
}

/** The Player's badge: answers not yet read. */
export async function countUnreadAnswers(db: Executor, askerId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(questions)
    .where(
      and(
        eq(questions.askerId, askerId),
        eq(questions.status, 'answered'),
        eq(questions.askerViewedResponse, false),
      ),
    );
  return row?.count ?? 0;
}

/** The Coach's badge: paid-or-pending questions not yet opened. */
export async function countUnreadQuestions(db: Executor, expertUserId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(questions)
    .innerJoin(experts, eq(experts.id, questions.expertId))
    .where(
      and(
        eq(experts.userId, expertUserId),
        eq(questions.status, 'pending'),
        eq(questions.expertViewedQuestion, false),
        inArray(questions.paymentStatus, ['paid', 'pending']),
      ),
    );
  return row?.count ?? 0;
}
