import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '../../../contracts/account';
import { coachPayoutCents } from '../../../contracts/money';
import { QUESTION_MESSAGES, type AskQuestionInput } from '../../../contracts/questions';
import type { EventBus } from '../../adapters/events/types';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  abuseReports,
  experts,
  payouts,
  questions,
  ratings,
  reviews,
  userRoles,
} from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth/session';
import { enqueueMail } from '../mail/outbox';
import { findQuestion } from './data';

const joined = (m: { title: string; description: string }) => `${m.title} ${m.description}`;
const conflict = (message: string) => new AppError(409, message);

/** Creates the question at the Coach's current price (spec §4: pending, payment pending). */
export async function askQuestion(
  db: Database,
  bus: EventBus,
  user: SessionUser,
  activeRole: Role | null,
  input: AskQuestionInput,
  idempotencyKey?: string,
) {
  if (activeRole === 'expert') throw forbidden(QUESTION_MESSAGES.coachCannotAsk);
  const [expert] = await db.select().from(experts).where(eq(experts.id, input.expertId));
  if (!expert) throw notFound("The coach profile you're looking for doesn't exist.");
  if (expert.userId === user.id) throw badRequest(QUESTION_MESSAGES.cannotAskYourself);
  const repeated = async () => {
    if (!idempotencyKey) return undefined;
    const [row] = await db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.askerId, user.id), eq(questions.idempotencyKey, idempotencyKey)));
    return row;
  };
  // A repeat of a request that already created its question answers with that question.
  const earlier = await repeated();
  if (earlier) return earlier;
  const created = await db.transaction(async (tx) => {
    const now = new Date();
    // Asking needs the three consents (spec §5 'Legal consent'); the form collects them.
    await tx
      .update(userRoles)
      .set({
        acceptedTermsAt: now,
        acceptedPrivacyAt: now,
        acceptedRevenueSplitAt: now,
        updatedAt: now,
      })
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, 'asker')));
    const [row] = await tx
      .insert(questions)
      .values({
        expertId: expert.id,
        askerId: user.id,
        askerName: input.askerName,
        askerEmail: user.email,
        question: input.question,
        context: input.context,
        amount: expert.pricePerQuestion,
        status: 'pending',
        paymentStatus: 'pending',
        idempotencyKey: idempotencyKey ?? null,
      })
      // A concurrent repeat lost the race: it creates nothing and reads the winner's question.
      .onConflictDoNothing({
        target: [questions.askerId, questions.idempotencyKey],
        where: sql`${questions.idempotencyKey} IS NOT NULL`,
      })
      .returning({ id: questions.id });
    return row ?? null;
  });
  if (!created) {
    const winner = await repeated();
    if (!winner) throw new Error('idempotent insert found neither its row nor the earlier one');
    return winner;
  }
  await bus.publish('questions.changed', {
    questionId: created.id,
    expertUserId: expert.userId,
    askerId: user.id,
  });
  return created;
}

/**
 * The answer, its payout and the Player's e-mail in one transaction. The row lock makes concurrent
 * answers queue: the first answers, the rest find it answered.
 */
export async function answerQuestion(
  db: Database,
  bus: EventBus,
  config: Config,
  user: SessionUser,
  questionId: string,
  answer: string,
) {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ question: questions, expertUserId: experts.userId })
      .from(questions)
      .innerJoin(experts, eq(experts.id, questions.expertId))
      .where(eq(questions.id, questionId))
      .for('update', { of: questions });
    if (!row) throw notFound(joined(QUESTION_MESSAGES.notFound));
    if (row.expertUserId !== user.id) throw forbidden(QUESTION_MESSAGES.accessRestricted);
    const q = row.question;
    const answerable =
      q.status === 'pending' && (q.paymentStatus === 'paid' || q.paymentStatus === 'pending');
    if (!answerable) throw conflict(QUESTION_MESSAGES.notAnswerable);
    const answeredAt = new Date();
    await tx
      .update(questions)
      .set({ answer, status: 'answered', answeredAt })
      .where(eq(questions.id, q.id));
    await tx
      .insert(payouts)
      .values({
        questionId: q.id,
        expertId: q.expertId,
        amount: coachPayoutCents(q.amount),
        status: 'pending',
      })
      .onConflictDoNothing({ target: payouts.questionId });
    await enqueueMail(tx, {
      to: q.askerEmail,
      subject: 'Your question has been answered',
      text: [
        `Hi ${q.askerName},`,
        '',
        'Your Coach has answered your question on Playbook:',
        `${config.PUBLIC_URL}/questions/${q.id}`,
      ].join('\n'),
    });
    return { askerId: q.askerId, expertUserId: row.expertUserId, answeredAt };
  });
  await bus.publish('questions.changed', {
    questionId,
    expertUserId: result.expertUserId,
    askerId: result.askerId,
  });
  return result;
}

/** The user's part in a question found by id: asker or Coach; 404 / 403 otherwise. */
export function participantRole<T extends { question: { askerId: string }; expertUserId: string }>(
  row: T | null,
  user: SessionUser,
): T & { viewerRole: Role } {
  if (!row) throw notFound(joined(QUESTION_MESSAGES.notFound));
  const viewerRole: Role | null =
    row.question.askerId === user.id ? 'asker' : row.expertUserId === user.id ? 'expert' : null;
  if (!viewerRole) throw forbidden(QUESTION_MESSAGES.accessRestricted);
  return { ...row, viewerRole };
}

/** The question if the user is its asker or its Coach; 404 / 403 otherwise. */
export async function questionForParticipant(db: Database, user: SessionUser, id: string) {
  return participantRole(await findQuestion(db, id), user);
}

/** Rating, review, report and dispute belong to the asker, after the answer, before a dispute. */
async function questionForAskerAction(
  db: Database,
  user: SessionUser,
  id: string,
  options: { allowDisputed: boolean },
) {
  const row = await questionForParticipant(db, user, id);
  if (row.viewerRole !== 'asker') throw forbidden(QUESTION_MESSAGES.askerOnly);
  if (!row.question.answer) throw conflict(QUESTION_MESSAGES.noAnswerYet);
  if (row.question.disputeFlagged && !options.allowDisputed) {
    throw conflict(QUESTION_MESSAGES.disputeLocked);
  }
  return { ...row.question, expertUserId: row.expertUserId };
}

/**
 * Ratings, reviews and disputes change what the cached views show (the Coach's figures, the
 * question pages), which are kept until this arrives.
 */
const announceChange = (bus: EventBus, q: { id: string; askerId: string; expertUserId: string }) =>
  bus.publish('questions.changed', {
    questionId: q.id,
    expertUserId: q.expertUserId,
    askerId: q.askerId,
  });

export async function rateAnswer(
  db: Database,
  bus: EventBus,
  user: SessionUser,
  id: string,
  isHelpful: boolean,
) {
  const q = await questionForAskerAction(db, user, id, { allowDisputed: false });
  await db
    .insert(ratings)
    .values({ questionId: q.id, expertId: q.expertId, userId: user.id, isHelpful })
    .onConflictDoUpdate({
      target: [ratings.questionId, ratings.userId],
      set: { isHelpful, updatedAt: new Date() },
    });
  await announceChange(bus, q);
}

export async function reviewAnswer(
  db: Database,
  bus: EventBus,
  user: SessionUser,
  id: string,
  rating: number,
) {
  const q = await questionForAskerAction(db, user, id, { allowDisputed: false });
  await db
    .insert(reviews)
    .values({ questionId: q.id, expertId: q.expertId, reviewerId: user.id, rating })
    .onConflictDoUpdate({ target: reviews.questionId, set: { rating } });
  await announceChange(bus, q);
}

export async function reportAnswer(
  db: Database,
  user: SessionUser,
  id: string,
  input: {
    reason: 'harassment' | 'inappropriate' | 'spam' | 'scam' | 'other';
    details: string | null;
  },
) {
  const q = await questionForAskerAction(db, user, id, { allowDisputed: true });
  await db.insert(abuseReports).values({
    reporterId: user.id,
    reportedQuestionId: q.id,
    reportedExpertId: q.expertId,
    reason: input.reason,
    details: input.details,
  });
}

export async function flagDispute(db: Database, bus: EventBus, user: SessionUser, id: string) {
  const q = await questionForAskerAction(db, user, id, { allowDisputed: false });
  await db.update(questions).set({ disputeFlagged: true }).where(eq(questions.id, q.id));
  await announceChange(bus, q);
}

/** Opening a question clears the viewer's unread flag (spec §4 'Unread flags'). */
export async function markViewed(db: Database, bus: EventBus, user: SessionUser, id: string) {
  const row = await questionForParticipant(db, user, id);
  const set =
    row.viewerRole === 'asker' ? { askerViewedResponse: true } : { expertViewedQuestion: true };
  const condition =
    row.viewerRole === 'asker'
      ? and(eq(questions.status, 'answered'), eq(questions.askerViewedResponse, false))
      : eq(questions.expertViewedQuestion, false);
  const changed = await db
    .update(questions)
    .set(set)
    .where(and(eq(questions.id, id), condition))
    .returning({ id: questions.id });
  if (changed.length > 0) {
    await bus.publish('questions.changed', {
      questionId: id,
      expertUserId: row.expertUserId,
      askerId: row.question.askerId,
    });
  }
}

/** The header badge: unread answers for a Player, unread paid-or-pending questions for a Coach. */
export async function unreadCount(db: Database, userId: string, role: Role): Promise<number> {
  if (role === 'asker') {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(questions)
      .where(
        and(
          eq(questions.askerId, userId),
          eq(questions.status, 'answered'),
          eq(questions.askerViewedResponse, false),
        ),
      );
    return row?.count ?? 0;
  }
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(questions)
    .innerJoin(experts, eq(experts.id, questions.expertId))
    .where(
      and(
        eq(experts.userId, userId),
        eq(questions.status, 'pending'),
        eq(questions.expertViewedQuestion, false),
        inArray(questions.paymentStatus, ['paid', 'pending']),
      ),
    );
  return row?.count ?? 0;
}
