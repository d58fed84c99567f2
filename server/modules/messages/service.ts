import type { Role } from '../../../contracts/account';
import {
  coachActions,
  playerActions,
  questionStateOf,
  threadFactsOf,
  type QuestionState,
} from '../../../contracts/question-states';
import {
  THREAD_MESSAGES,
  type MessageKind,
  type SendMessageInput,
} from '../../../contracts/question-thread';
import { QUESTION_MESSAGES, type reportSchema } from '../../../contracts/questions';
import { REVIEW_MESSAGES } from '../../../contracts/video-review';
import type { z } from 'zod';
import type { ServiceDeps } from '../../context';
import { transaction } from '../../db/unit-of-work';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { insertAbuseReport } from '../abuse-reports/data';
import { bindUploads } from '../attachments';
import { sendReviews } from '../video-reviews';
import type { SessionUser } from '../auth';
import { moneyMailSubject, movePayoutWindow, releasableAfter } from '../payments';
import { lockQuestion, recordMessageOnQuestion } from '../question-records/data';
import { participantRole } from '../questions';
import { findMessage, insertMessage, messageKinds } from './data';
import { queueMessageMail } from './mail';

type Deps = Pick<ServiceDeps, 'db' | 'bus' | 'config'>;

const HOUR_MS = 3_600_000;
/** The dispute window stays open this long after the follow-up is answered or expires (ADR 058). */
const AFTER_FOLLOW_UP_MS = 24 * HOUR_MS;

/** Who sends each kind: the Coach asks and answers, the Player replies and follows up. */
const SENDER: Record<MessageKind, Role> = {
  clarification_request: 'expert',
  clarification_reply: 'asker',
  follow_up: 'asker',
  follow_up_answer: 'expert',
};

const conflict = (message: string) => new AppError(409, message);

/**
 * Why `kind` may not be sent now, in the words the page would show; null when it may. The same
 * decisions the buttons read (`playerActions` / `coachActions`), so the page never offers what
 * this refuses.
 */
function refusal(s: QuestionState, kind: MessageKind, now: Date): string | null {
  const may =
    kind === 'clarification_request'
      ? coachActions(s, now).askForDetails
      : kind === 'follow_up_answer'
        ? coachActions(s, now).answerFollowUp
        : kind === 'clarification_reply'
          ? playerActions(s, now).replyToDetails
          : playerActions(s, now).followUp;
  if (may) return null;
  const closed =
    s.status === 'refunded' ||
    s.status === 'declined' ||
    s.status === 'withdrawn' ||
    s.paymentStatus === 'refunding' ||
    s.paymentStatus === 'refunded';
  if (closed) return THREAD_MESSAGES.closed;
  if (s.disputeFlagged) return THREAD_MESSAGES.disputeOpen;
  const facts = s.thread;
  switch (kind) {
    case 'clarification_request':
      if (s.status !== 'pending') return THREAD_MESSAGES.detailsAfterAnswer;
      if ((facts?.detailsRequested ?? 0) > 0 && s.paymentStatus !== 'failed') {
        return THREAD_MESSAGES.detailsLimit;
      }
      return QUESTION_MESSAGES.notAnswerable;
    case 'clarification_reply':
      return s.status === 'pending' ? THREAD_MESSAGES.noRequest : THREAD_MESSAGES.replyClosed;
    case 'follow_up':
      return facts?.followUpUntil ? THREAD_MESSAGES.followUpTaken : THREAD_MESSAGES.followUpClosed;
    case 'follow_up_answer':
      return THREAD_MESSAGES.noFollowUp;
  }
}

/** PostgreSQL's unique_violation: the one-follow-up index refused a second one. */
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: unknown }).code === '23505' ||
    isUniqueViolation((error as { cause?: unknown }).cause));

/**
 * Adds a message to the question's conversation: the question's row is locked, so two messages
 * (two follow-ups sent at the same instant) queue and the second finds the first. The message,
 * the question's figures, the follow-up's hold on the payout and the other side's e-mail are one
 * transaction, and so is binding its files (the sender's own finished uploads, at most five): one
 * that cannot be bound refuses the whole message. The change event reaches both sides' pages after
 * the commit. Returns the new message's id.
 */
export async function sendMessage(
  deps: Deps,
  user: SessionUser,
  questionId: string,
  input: SendMessageInput,
): Promise<{ id: string }> {
  const { config } = deps;
  try {
    return await transaction(deps, async (tx, changes) => {
      const row = participantRole(await lockQuestion(tx, questionId), user);
      if (row.viewerRole !== SENDER[input.kind]) {
        throw forbidden(
          SENDER[input.kind] === 'asker' ? QUESTION_MESSAGES.playerOnly : THREAD_MESSAGES.coachOnly,
        );
      }
      const q = row.question;
      const facts = threadFactsOf(await messageKinds(tx, q.id), {
        until: q.followUpUntil,
        answered: q.followUpAnsweredAt !== null,
      });
      const now = new Date();
      const why = refusal(questionStateOf(q, row.disputeUntil, facts), input.kind, now);
      if (why) throw conflict(why);

      const id = await insertMessage(tx, {
        questionId: q.id,
        authorId: user.id,
        kind: input.kind,
        body: input.body,
        at: now,
      });
      // Its files go with it or the message is not sent (issue 23).
      await bindUploads(tx, {
        ids: input.attachmentIds,
        uploaderId: user.id,
        questionId: q.id,
        part: 'message',
        messageId: id,
      });
      // Video reviews (issue 38) go only with the follow-up's answer, ready, or no message.
      if (input.reviewIds.length > 0 && input.kind !== 'follow_up_answer') {
        throw badRequest(REVIEW_MESSAGES.notUsable);
      }
      const sentReviews = await sendReviews(tx, {
        ids: input.reviewIds,
        coachUserId: user.id,
        questionId: q.id,
        messageId: id,
        at: now,
      });
      const who = { questionId: q.id, coachUserId: row.coachUserId, playerId: q.playerId };
      const followUpUntil = new Date(now.getTime() + config.FOLLOW_UP_HOURS * HOUR_MS);
      await recordMessageOnQuestion(tx, changes, who, { kind: input.kind, at: now, followUpUntil });
      if (input.kind === 'follow_up') {
        // The payout waits for the follow-up, and the dispute window runs 24 h past its expiry.
        await movePayoutWindow(
          tx,
          q.id,
          new Date(followUpUntil.getTime() + AFTER_FOLLOW_UP_MS),
          'later-only',
        );
      }
      if (input.kind === 'follow_up_answer' && q.answeredAt) {
        // Answered: the window ends 24 h from now, or where it would have without a follow-up.
        const usual = releasableAfter(q.answeredAt, config.PAYOUT_HOLD_DAYS);
        const after = new Date(now.getTime() + AFTER_FOLLOW_UP_MS);
        await movePayoutWindow(tx, q.id, after > usual ? after : usual, 'set');
      }
      await queueMessageMail(tx, config, await moneyMailSubject(tx, q.id), input, sentReviews);
      return { id };
    });
  } catch (error) {
    // Only a follow-up has a unique index; the row lock makes reaching it all but impossible.
    if (input.kind === 'follow_up' && isUniqueViolation(error)) {
      throw conflict(THREAD_MESSAGES.followUpTaken);
    }
    throw error;
  }
}

/**
 * A participant reports one message of the other side (the abuse-report queue the answer uses;
 * administrators see the message with the report).
 */
export async function reportMessage(
  deps: Deps,
  user: SessionUser,
  questionId: string,
  messageId: string,
  input: z.infer<typeof reportSchema>,
) {
  await transaction(deps, async (tx) => {
    const row = participantRole(await lockQuestion(tx, questionId), user);
    const message = await findMessage(tx, messageId);
    if (!message || message.questionId !== questionId) {
      throw notFound(THREAD_MESSAGES.messageNotFound);
    }
    if (message.authorId === user.id) throw badRequest(THREAD_MESSAGES.ownMessage);
    await insertAbuseReport(tx, {
      reporterId: user.id,
      reportedQuestionId: questionId,
      reportedCoachId: row.question.coachId,
      reportedMessageId: messageId,
      reason: input.reason,
      details: input.details,
    });
  });
}
