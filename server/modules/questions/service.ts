import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '../../../contracts/account';
import { coachPayoutCents } from '../../../contracts/money';
import {
  askerActions,
  coachActions,
  DECLINE_MESSAGES,
  DISPUTE_MESSAGES,
  UNPAID_MESSAGES,
  type AskerAction,
  type DeclineInput,
  type DisputeInput,
  type QuestionState,
} from '../../../contracts/question-states';
import { QUESTION_MESSAGES, type AskQuestionInput } from '../../../contracts/questions';
import type { EventBus } from '../../adapters/events/types';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
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
import { moneyMailSubject, queueDisputeMail, queueUnpaidDeclineMail } from '../payments/money-mail';
import { claimRefund, refundNow, releasableAfter, type Money } from '../payments/settlement';
import { findQuestion } from './data';
import { joined } from '../../../contracts/messages';

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
  if (!expert || expert.deletedAt) {
    throw notFound("The coach profile you're looking for doesn't exist.");
  }
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

/** The question row locked for the transaction, with its Coach's user and its hold window. */
async function lockQuestion(tx: Executor, id: string) {
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
  if (!row) throw notFound(joined(QUESTION_MESSAGES.notFound));
  return row;
}

/** What decides who may do what to a question (contracts/question-states). */
export const stateOf = (
  q: Pick<typeof questions.$inferSelect, 'status' | 'paymentStatus' | 'answer' | 'disputeFlagged'>,
  disputeUntil: Date | null,
): QuestionState => ({
  status: q.status,
  paymentStatus: q.paymentStatus,
  hasAnswer: q.answer !== null,
  disputeFlagged: q.disputeFlagged,
  disputeUntil: disputeUntil?.toISOString() ?? null,
});

/**
 * The answer, its payout and the Player's e-mail in one transaction. The row lock makes concurrent
 * answers queue: the first answers, the rest find it answered. The payout waits out the hold
 * window (PAYOUT_HOLD_DAYS) before it can be released.
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
    const row = await lockQuestion(tx, questionId);
    if (row.expertUserId !== user.id) throw forbidden(QUESTION_MESSAGES.accessRestricted);
    const q = row.question;
    if (!coachActions(stateOf(q, null)).answer) throw conflict(QUESTION_MESSAGES.notAnswerable);
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
        releasableAt: releasableAfter(answeredAt, config.PAYOUT_HOLD_DAYS),
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

/** Why the asker may not take `action`, in the words the page would show; null if they may. */
function askerRefusal(state: QuestionState, action: AskerAction, now: Date): string | null {
  if (askerActions(state, now)[action]) return null;
  if (action === 'withdraw') return UNPAID_MESSAGES.notWithdrawable;
  if (!state.hasAnswer) return QUESTION_MESSAGES.noAnswerYet;
  if (state.disputeFlagged) return QUESTION_MESSAGES.disputeLocked;
  if (state.paymentStatus !== 'paid') {
    return action === 'dispute' ? DISPUTE_MESSAGES.notPaid : UNPAID_MESSAGES.ratingNeedsPayment;
  }
  return action === 'dispute' ? DISPUTE_MESSAGES.windowClosed : QUESTION_MESSAGES.disputeLocked;
}

type LockedQuestion = Awaited<ReturnType<typeof lockQuestion>>;

/**
 * Runs an asker's action on the locked question, after the same check the page makes
 * (`askerActions`), so the server refuses exactly what the page does not offer.
 */
async function asAsker(
  db: Database,
  user: SessionUser,
  id: string,
  action: AskerAction,
  work: (tx: Executor, row: LockedQuestion, now: Date) => Promise<void>,
): Promise<LockedQuestion> {
  return db.transaction(async (tx) => {
    const row = participantRole(await lockQuestion(tx, id), user);
    if (row.viewerRole !== 'asker') throw forbidden(QUESTION_MESSAGES.askerOnly);
    const now = new Date();
    const refusal = askerRefusal(stateOf(row.question, row.disputeUntil), action, now);
    if (refusal) throw conflict(refusal);
    await work(tx, row, now);
    return row;
  });
}

/** Tells both participants' open pages that the question changed. */
const announceChange = (bus: EventBus, row: LockedQuestion) =>
  bus.publish('questions.changed', {
    questionId: row.question.id,
    expertUserId: row.expertUserId,
    askerId: row.question.askerId,
  });

export async function rateAnswer(
  db: Database,
  bus: EventBus,
  user: SessionUser,
  id: string,
  isHelpful: boolean,
) {
  const row = await asAsker(db, user, id, 'rate', async (tx, { question: q }) => {
    await tx
      .insert(ratings)
      .values({ questionId: q.id, expertId: q.expertId, userId: user.id, isHelpful })
      .onConflictDoUpdate({
        target: [ratings.questionId, ratings.userId],
        set: { isHelpful, updatedAt: new Date() },
      });
  });
  await announceChange(bus, row);
}

export async function reviewAnswer(
  db: Database,
  bus: EventBus,
  user: SessionUser,
  id: string,
  rating: number,
) {
  const row = await asAsker(db, user, id, 'review', async (tx, { question: q }) => {
    await tx
      .insert(reviews)
      .values({ questionId: q.id, expertId: q.expertId, reviewerId: user.id, rating })
      .onConflictDoUpdate({ target: reviews.questionId, set: { rating } });
  });
  await announceChange(bus, row);
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
  await asAsker(db, user, id, 'report', async (tx, { question: q }) => {
    await tx.insert(abuseReports).values({
      reporterId: user.id,
      reportedQuestionId: q.id,
      reportedExpertId: q.expertId,
      reason: input.reason,
      details: input.details,
    });
  });
}

/**
 * The asker disputes a paid answer within the hold window: the payout stays held until an
 * administrator refunds the Player or releases it, and the Coach and administrators are told.
 */
export async function flagDispute(
  db: Database,
  bus: EventBus,
  config: Config,
  user: SessionUser,
  id: string,
  input: DisputeInput,
) {
  const row = await asAsker(db, user, id, 'dispute', async (tx, { question: q }, now) => {
    await tx
      .update(questions)
      .set({
        disputeFlagged: true,
        disputeReason: input.reason,
        disputeDetails: input.details,
        disputedAt: now,
      })
      .where(eq(questions.id, q.id));
    await queueDisputeMail(tx, config, await moneyMailSubject(tx, q.id), input);
  });
  await announceChange(bus, row);
}

/** The Player takes back a question they have not paid for; it leaves the Coach's inbox. */
export async function withdrawQuestion(db: Database, bus: EventBus, user: SessionUser, id: string) {
  const row = await asAsker(db, user, id, 'withdraw', async (tx, { question: q }, now) => {
    await tx
      .update(questions)
      .set({ status: 'withdrawn', withdrawnAt: now })
      .where(eq(questions.id, q.id));
  });
  await announceChange(bus, row);
}

/**
 * The owning Coach declines a question still waiting for an answer (the Terms promise a refund):
 * a paid question is refunded in full through the provider, after the decline commits.
 */
export async function declineQuestion(
  money: Money,
  user: SessionUser,
  id: string,
  input: DeclineInput,
) {
  const { db, bus, config } = money;
  const { row, refundClaimed } = await db.transaction(async (tx) => {
    const locked = await lockQuestion(tx, id);
    if (locked.expertUserId !== user.id) throw forbidden(QUESTION_MESSAGES.accessRestricted);
    const q = locked.question;
    if (!coachActions(stateOf(q, null)).decline) throw conflict(DECLINE_MESSAGES.notDeclinable);
    const now = new Date();
    await tx
      .update(questions)
      .set({ status: 'declined', declinedAt: now, declineNote: input.note })
      .where(eq(questions.id, q.id));
    const claimed = await claimRefund(tx, q, 'declined', now);
    // A paid question's e-mail goes out when its refund is recorded, saying both.
    if (!claimed) {
      await queueUnpaidDeclineMail(tx, config, await moneyMailSubject(tx, q.id), input.note);
    }
    return { row: locked, refundClaimed: claimed };
  });
  if (refundClaimed) await refundNow(money, id);
  await announceChange(bus, row);
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
