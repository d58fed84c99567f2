import { and, asc, desc, eq, inArray, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { experts, questions, userRoles } from '../../db/schema';

/** The inbox shows questions whose payment is paid or still pending (spec §4). */
const VISIBLE_PAYMENT = inArray(questions.paymentStatus, ['paid', 'pending']);
/** A page of the inbox; the busiest Coaches page further with issue 7's pagination. */
const INBOX_LIMIT = 200;

/** Ordered by status ascending, then newest first: served by questions_expert_inbox_idx. */
export function coachInboxQuestions(db: Executor, expertId: string) {
  return db
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
    })
    .from(questions)
    .leftJoin(userRoles, and(eq(userRoles.userId, questions.askerId), eq(userRoles.role, 'asker')))
    .where(and(eq(questions.expertId, expertId), VISIBLE_PAYMENT))
    .orderBy(asc(questions.status), desc(questions.createdAt))
    .limit(INBOX_LIMIT);
}

export async function coachInboxSummary(db: Executor, expertId: string) {
  const [row] = await db
    .select({
      oldest: min(questions.createdAt),
      answered: sql<number>`count(*) filter (where ${questions.status} = 'answered')::int`,
      unanswered: sql<number>`count(*) filter (where ${questions.status} = 'pending')::int`,
    })
    .from(questions)
    .where(and(eq(questions.expertId, expertId), VISIBLE_PAYMENT));
  return {
    coachSince: row?.oldest ?? null,
    answeredCount: row?.answered ?? 0,
    unansweredCount: row?.unanswered ?? 0,
  };
}

/** My Questions, newest first: served by questions_asker_idx. */
export function playerQuestions(db: Executor, askerId: string) {
  return db
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
    })
    .from(questions)
    .innerJoin(experts, eq(experts.id, questions.expertId))
    .where(eq(questions.askerId, askerId))
    .orderBy(desc(questions.createdAt))
    .limit(INBOX_LIMIT);
}

export async function findQuestion(db: Executor, id: string) {
  const [row] = await db
    .select({ question: questions, expertUserId: experts.userId })
    .from(questions)
    .innerJoin(experts, eq(experts.id, questions.expertId))
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
