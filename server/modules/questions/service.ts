import type { Role } from '../../../contracts/account';
import { coachPayoutCents } from '../../../contracts/money';
import {
  playerActions,
  coachActions,
  DECLINE_MESSAGES,
  DISPUTE_MESSAGES,
  questionStateOf,
  UNPAID_MESSAGES,
  type PlayerAction,
  type DeclineInput,
  type DisputeInput,
  type QuestionState,
} from '../../../contracts/question-states';
import { QUESTION_MESSAGES, type AskQuestionInput } from '../../../contracts/questions';
import { answerByFrom } from '../../../contracts/response-time';
import { UNPAID_QUESTION_EXPIRY_MINUTES } from '../../../contracts/limits';
import { joined } from '../../../contracts/messages';
import { REVIEW_MESSAGES } from '../../../contracts/reviews';
import type { ServiceDeps } from '../../context';
import type { Executor } from '../../db/client';
import { transaction, type Changes } from '../../db/unit-of-work';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { recordAskConsents } from '../profiles/data';
import { availabilityFrom, lockCoachAvailability, refusal } from '../coaches';
import type { SessionUser, Viewer } from '../auth';
import {
  claimRefund,
  createPayout,
  moneyMailSubject,
  queueDisputeMail,
  queueUnpaidDeclineMail,
  refundNow,
  releasableAfter,
  type Money,
} from '../payments';
import { insertAbuseReport } from '../abuse-reports/data';
import { bindUploads } from '../attachments';
import { sendReviews } from '../video-reviews';
import { findByIdempotencyKey, findCoach, findQuestion } from '../question-records';
import {
  countUnpaidWaiting,
  insertQuestion,
  lockPlayerAsking,
  lockQuestion as lockRow,
  markQuestionViewed,
  markAnswered,
  markDeclined,
  markDisputed,
  markWithdrawn,
  upsertRating,
  upsertReview,
} from '../question-records/data';
import { queueAnsweredMail, queueReviewMail } from './question-mail';

/** What the question services use: the database and bus (through the unit of work), settings. */
type Deps = Pick<ServiceDeps, 'db' | 'bus' | 'config'>;

const conflict = (message: string) => new AppError(409, message);
const MINUTE_MS = 60_000;

/** Creates the question at the Coach's current price (spec §4: pending, payment pending). */
export async function askQuestion(
  deps: Deps,
  user: Viewer,
  input: AskQuestionInput,
  idempotencyKey?: string,
) {
  const { db } = deps;
  if (user.activeRole === 'expert') throw forbidden(QUESTION_MESSAGES.coachCannotAsk);
  const coach = await findCoach(db, input.coachId);
  if (!coach || coach.deletedAt || coach.suspendedAt) {
    throw notFound("The coach profile you're looking for doesn't exist.");
  }
  if (coach.userId === user.id) throw badRequest(QUESTION_MESSAGES.cannotAskYourself);
  const repeated = async () =>
    idempotencyKey ? findByIdempotencyKey(db, user.id, idempotencyKey) : undefined;
  // A repeat of a request that already created its question answers with that question.
  const earlier = await repeated();
  if (earlier) return earlier;
  const created = await transaction(deps, async (tx, changes) => {
    const now = new Date();
    // A Player may leave only a few questions unpaid at once (ADR 082): each reaches a Coach's
    // inbox. Their asks are taken in turn, so two sent at once cannot both be the last allowed.
    await lockPlayerAsking(tx, user.id);
    const expiredBefore = new Date(now.getTime() - UNPAID_QUESTION_EXPIRY_MINUTES * MINUTE_MS);
    if (
      (await countUnpaidWaiting(tx, user.id, expiredBefore)) >=
      deps.config.UNPAID_QUESTIONS_PER_PLAYER
    ) {
      // A repeat of a request whose question was created meanwhile answers with that question.
      if (idempotencyKey && (await findByIdempotencyKey(tx, user.id, idempotencyKey))) return null;
      throw conflict(UNPAID_MESSAGES.tooManyUnpaid);
    }
    // The Coach's row is locked, so of two Players asking for the last slot one waits and then
    // counts the other's question (ADR 061).
    const facts = await lockCoachAvailability(tx, coach.id);
    const refused = facts && refusal(availabilityFrom(facts));
    if (refused) throw refused;
    // Asking needs the three consents (spec §5 'Legal consent'); the form collects them.
    await recordAskConsents(tx, user.id, now);
    const values = {
      coachId: coach.id,
      playerId: user.id,
      playerName: input.playerName,
      playerEmail: user.email,
      question: input.question,
      context: input.context,
      amount: coach.pricePerQuestion,
      status: 'pending' as const,
      paymentStatus: 'pending' as const,
      idempotencyKey: idempotencyKey ?? null,
      // The promise is the Coach's when asked (ADR 060); paying restarts the clock from payment.
      responseHours: coach.responseHours,
      answerBy: answerByFrom(now, coach.responseHours),
    };
    const inserted = await insertQuestion(tx, changes, values, coach.userId);
    // Its files go with it or the question is not sent (issue 23).
    if (inserted) {
      await bindUploads(tx, {
        ids: input.attachmentIds,
        uploaderId: user.id,
        questionId: inserted.id,
        part: 'question',
      });
    }
    return inserted;
  });
  if (!created) {
    const winner = await repeated();
    if (!winner) throw new Error('idempotent insert found neither its row nor the earlier one');
    return winner;
  }
  return created;
}

/** The question row locked for the transaction, with its Coach's user and its hold window. */
async function lockQuestion(tx: Executor, id: string) {
  const row = await lockRow(tx, id);
  if (!row) throw notFound(joined(QUESTION_MESSAGES.notFound));
  return row;
}

type LockedQuestion = Awaited<ReturnType<typeof lockQuestion>>;

/** The payload of `questions.changed` for a locked question. */
const participants = (row: LockedQuestion) => ({
  questionId: row.question.id,
  coachUserId: row.coachUserId,
  playerId: row.question.playerId,
});

/**
 * The answer, its payout and the Player's e-mail in one transaction. The row lock makes concurrent
 * answers queue: the first answers, the rest find it answered. The payout waits out the hold
 * window (PAYOUT_HOLD_DAYS) before it can be released.
 */
export async function answerQuestion(
  deps: Deps,
  user: SessionUser,
  questionId: string,
  answer: string,
  attachmentIds: readonly string[] = [],
  reviewIds: readonly string[] = [],
) {
  const { config } = deps;
  return transaction(deps, async (tx, changes) => {
    const row = await lockQuestion(tx, questionId);
    if (row.coachUserId !== user.id) throw forbidden(QUESTION_MESSAGES.accessRestricted);
    const q = row.question;
    if (!coachActions(questionStateOf(q, null)).answer) {
      throw conflict(QUESTION_MESSAGES.notAnswerable);
    }
    const answeredAt = new Date();
    await bindUploads(tx, {
      ids: attachmentIds,
      uploaderId: user.id,
      questionId: q.id,
      part: 'answer',
    });
    // The Coach's video reviews go with it (issue 38), after its files: ready, or no answer.
    const sentReviews = await sendReviews(tx, {
      ids: reviewIds,
      coachUserId: user.id,
      questionId: q.id,
      messageId: null,
      at: answeredAt,
    });
    await createPayout(tx, {
      questionId: q.id,
      coachId: q.coachId,
      amount: coachPayoutCents(q.amount),
      releasableAt: releasableAfter(answeredAt, config.PAYOUT_HOLD_DAYS),
    });
    await queueAnsweredMail(tx, config, q, row.coachName, answer, sentReviews);
    // Marking it answered bumps the Coach's figures (triggers, ADR 025), deferred to the commit so
    // the Coach's row is locked for the commit only, not while this transaction goes on (ADR 098).
    await markAnswered(tx, changes, participants(row), answer, answeredAt);
    return { playerId: q.playerId, coachUserId: row.coachUserId, answeredAt };
  });
}

/** The user's part in a question found by id: Player or Coach; 404 / 403 otherwise. */
export function participantRole<T extends { question: { playerId: string }; coachUserId: string }>(
  row: T | null,
  user: SessionUser,
): T & { viewerRole: Role } {
  if (!row) throw notFound(joined(QUESTION_MESSAGES.notFound));
  const viewerRole: Role | null =
    row.question.playerId === user.id ? 'asker' : row.coachUserId === user.id ? 'expert' : null;
  if (!viewerRole) throw forbidden(QUESTION_MESSAGES.accessRestricted);
  return { ...row, viewerRole };
}

/** Why the Player may not take `action`, in the words the page would show; null if they may. */
function playerRefusal(state: QuestionState, action: PlayerAction, now: Date): string | null {
  if (playerActions(state, now)[action]) return null;
  if (action === 'withdraw') return UNPAID_MESSAGES.notWithdrawable;
  if (!state.hasAnswer) return QUESTION_MESSAGES.noAnswerYet;
  if (state.disputeFlagged) return QUESTION_MESSAGES.disputeLocked;
  if (state.paymentStatus !== 'paid') {
    return action === 'dispute' ? DISPUTE_MESSAGES.notPaid : UNPAID_MESSAGES.ratingNeedsPayment;
  }
  return action === 'dispute' ? DISPUTE_MESSAGES.windowClosed : QUESTION_MESSAGES.disputeLocked;
}

/**
 * Runs a Player's action on the locked question, after the same check the page makes
 * (`playerActions`), so the server refuses exactly what the page does not offer. The action's
 * writes raise their change events, published when the transaction commits.
 */
async function asPlayer(
  deps: Deps,
  user: SessionUser,
  id: string,
  action: PlayerAction,
  work: (tx: Executor, changes: Changes, row: LockedQuestion, now: Date) => Promise<void>,
): Promise<void> {
  await transaction(deps, async (tx, changes) => {
    const row = participantRole(await lockQuestion(tx, id), user);
    if (row.viewerRole !== 'asker') throw forbidden(QUESTION_MESSAGES.playerOnly);
    const now = new Date();
    const refusal = playerRefusal(questionStateOf(row.question, row.disputeUntil), action, now);
    if (refusal) throw conflict(refusal);
    await work(tx, changes, row, now);
  });
}

export async function rateAnswer(deps: Deps, user: SessionUser, id: string, isHelpful: boolean) {
  await asPlayer(deps, user, id, 'rate', async (tx, changes, row) => {
    const values = { coachId: row.question.coachId, userId: user.id, isHelpful };
    await upsertRating(tx, changes, participants(row), values);
  });
}

export async function reviewAnswer(
  deps: Deps,
  user: SessionUser,
  id: string,
  input: { rating: number; words: string | null },
) {
  await asPlayer(deps, user, id, 'review', async (tx, changes, row) => {
    const values = {
      coachId: row.question.coachId,
      reviewerId: user.id,
      rating: input.rating,
      body: input.words,
    };
    const saved = await upsertReview(tx, changes, participants(row), values);
    if (!saved) throw conflict(REVIEW_MESSAGES.lockedByReply);
    if (saved.posted) {
      const subject = await moneyMailSubject(tx, row.question.id);
      await queueReviewMail(tx, deps.config, subject, input);
    }
  });
}

export async function reportAnswer(
  deps: Deps,
  user: SessionUser,
  id: string,
  input: {
    reason: 'harassment' | 'inappropriate' | 'spam' | 'scam' | 'other';
    details: string | null;
  },
) {
  await asPlayer(deps, user, id, 'report', async (tx, _changes, { question: q }) => {
    await insertAbuseReport(tx, {
      reporterId: user.id,
      reportedQuestionId: q.id,
      reportedCoachId: q.coachId,
      reason: input.reason,
      details: input.details,
    });
  });
}

/**
 * The Player disputes a paid answer within the hold window: the payout stays held until an
 * administrator refunds the Player or releases it, and the Coach and administrators are told.
 */
export async function flagDispute(deps: Deps, user: SessionUser, id: string, input: DisputeInput) {
  await asPlayer(deps, user, id, 'dispute', async (tx, changes, row, now) => {
    const q = row.question;
    // "Follow-up not answered" is a reason only once the follow-up expired unanswered (ADR 058).
    const followUpExpired =
      q.followUpUntil !== null && q.followUpAnsweredAt === null && now >= q.followUpUntil;
    if (input.reason === 'follow_up_unanswered' && !followUpExpired) {
      throw conflict(DISPUTE_MESSAGES.followUpNotExpired);
    }
    await markDisputed(tx, changes, participants(row), input, now);
    const subject = await moneyMailSubject(tx, row.question.id);
    await queueDisputeMail(tx, deps.config, subject, input);
  });
}

/** The Player takes back a question they have not paid for; it leaves the Coach's inbox. */
export async function withdrawQuestion(deps: Deps, user: SessionUser, id: string) {
  await asPlayer(deps, user, id, 'withdraw', async (tx, changes, row, now) => {
    await markWithdrawn(tx, changes, participants(row), now);
  });
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
  const { config } = money;
  const refundClaimed = await transaction(money, async (tx, changes) => {
    const locked = await lockQuestion(tx, id);
    if (locked.coachUserId !== user.id) throw forbidden(QUESTION_MESSAGES.accessRestricted);
    const q = locked.question;
    if (!coachActions(questionStateOf(q, null)).decline) {
      throw conflict(DECLINE_MESSAGES.notDeclinable);
    }
    const now = new Date();
    await markDeclined(tx, changes, participants(locked), input.note, now);
    const claimed = await claimRefund(tx, changes, q, 'declined', now);
    // A paid question's e-mail goes out when its refund is recorded, saying both.
    if (!claimed) {
      await queueUnpaidDeclineMail(tx, config, await moneyMailSubject(tx, q.id), input.note);
    }
    return claimed;
  });
  if (refundClaimed) await refundNow(money, id);
}

/** Opening a question clears the viewer's unread flag (spec §4 'Unread flags'). */
export async function markViewed(deps: Deps, user: SessionUser, id: string) {
  await transaction(deps, async (tx, changes) => {
    const row = participantRole(await findQuestion(tx, id), user);
    const who = {
      questionId: id,
      coachUserId: row.coachUserId,
      playerId: row.question.playerId,
    };
    await markQuestionViewed(tx, changes, who, row.viewerRole);
  });
}
