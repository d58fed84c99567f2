import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import {
  UNPAID_PAYMENT_STATUSES,
  type DisputeReason,
  type RefundReason,
} from '../../../contracts/question-states';
import type { MessageKind } from '../../../contracts/question-thread';
import type { BusEvents } from '../../adapters/events/types';
import type { Executor } from '../../db/client';
import { coaches, payouts, questions, ratings, reviews } from '../../db/schema';
import type { Changes } from '../../db/unit-of-work';

/**
 * The record layer of a question (ADR 076): every write of `questions` (its money columns too),
 * `ratings` and `reviews`, each a transition named for what it does and raising the event of the
 * change. It imports no module, so the services that move a question through its life (questions,
 * messages, payments, reviews, admin, accounts) all sit above it and none needs another's index
 * to write the row.
 */

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

/**
 * Serialises one Player's asking (ADR 082): two questions sent at once, to any Coaches, are counted
 * against the Player's limit of unpaid questions one after the other. Held until the commit.
 */
export async function lockPlayerAsking(tx: Executor, playerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`unpaid-questions:${playerId}`}))`);
}

/** A Player's unpaid questions waiting for an answer that were asked after `since` (ADR 082). */
export async function countUnpaidWaiting(db: Executor, playerId: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(questions)
    .where(
      and(
        eq(questions.playerId, playerId),
        eq(questions.status, 'pending'),
        inArray(questions.paymentStatus, UNPAID_PAYMENT_STATUSES),
        gt(questions.createdAt, since),
      ),
    );
  return row?.n ?? 0;
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
      coachName: coaches.name,
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

/** pending → answered, with the answer (unread for the Player, who may have opened it to reply). */
export const markAnswered = (
  tx: Executor,
  changes: Changes,
  who: Participants,
  answer: string,
  answeredAt: Date,
) =>
  changeQuestion(tx, changes, who, {
    answer,
    status: 'answered',
    answeredAt,
    playerViewedResponse: false,
  });

/**
 * A message added to the question's conversation (ADR 058): its figures for the lists, the
 * follow-up's clock, and the unread flag of the side it is addressed to.
 */
export async function recordMessageOnQuestion(
  tx: Executor,
  changes: Changes,
  who: Participants,
  message: { kind: MessageKind; at: Date; followUpUntil?: Date },
) {
  await tx
    .update(questions)
    .set({
      messageCount: sql`${questions.messageCount} + 1`,
      lastMessageKind: message.kind,
      ...(message.kind === 'follow_up' ? { followUpUntil: message.followUpUntil } : {}),
      ...(message.kind === 'follow_up_answer' ? { followUpAnsweredAt: message.at } : {}),
      ...(message.kind === 'clarification_request' || message.kind === 'follow_up_answer'
        ? { playerViewedResponse: false }
        : { coachViewedQuestion: false }),
    })
    .where(eq(questions.id, who.questionId));
  changes.raise('questions.changed', who);
}

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

/**
 * An administrator settles the Player's dispute: the payout is released, or the question refunded
 * in full or in part, with the note both sides see (ADR 063, 066).
 */
export const resolveDispute = (
  tx: Executor,
  changes: Changes,
  who: Participants,
  resolution: 'released' | 'refunded' | 'partially_refunded',
  now: Date,
  note: string,
) =>
  changeQuestion(tx, changes, who, {
    disputeResolution: resolution,
    disputeResolvedAt: now,
    disputeNote: note,
  });

/** The Coach's statement on an open dispute, replaced until the dispute is resolved (ADR 063). */
export const saveDisputeStatement = (
  tx: Executor,
  changes: Changes,
  who: Participants,
  statement: string,
  now: Date,
) => changeQuestion(tx, changes, who, { disputeStatement: statement, disputeStatementAt: now });

/*
 * The money columns (checkout, payment, refund), written on the payments module's behalf in its
 * own transactions: payments raises the change once it has moved the money as a whole. Other
 * modules reach these through `../questions/data`, which imports nothing of theirs, so the
 * questions module can use payments through its index without an import cycle.
 */

/** The question's latest checkout session (the one its page resumes). */
export async function recordCheckoutSession(tx: Executor, questionId: string, sessionId: string) {
  await tx
    .update(questions)
    .set({ checkoutSessionId: sessionId })
    .where(eq(questions.id, questionId));
}

/** → paid: the question takes this payment as its own. */
export async function markPaid(
  tx: Executor,
  questionId: string,
  paymentIntentId: string,
  now: Date,
) {
  const [paid] = await tx
    .update(questions)
    // The promise's clock runs from the payment (ADR 040, 060), at the promise made when asked.
    .set({
      paymentStatus: 'paid',
      paidAt: now,
      paymentIntentId,
      answerBy: sql`${now.toISOString()}::timestamptz + ${questions.responseHours} * interval '1 hour'`,
    })
    .where(eq(questions.id, questionId))
    .returning();
  return paid;
}

/** unpaid or pending → failed; returns the question's id when it changed. */
export async function markPaymentFailed(tx: Executor, questionId: string) {
  const [failed] = await tx
    .update(questions)
    .set({ paymentStatus: 'failed' })
    .where(
      and(eq(questions.id, questionId), inArray(questions.paymentStatus, ['unpaid', 'pending'])),
    )
    .returning({ id: questions.id });
  return failed?.id ?? null;
}

/** paid → refunding: the refund is claimed, on a row the caller has locked. */
export async function markRefunding(
  tx: Executor,
  questionId: string,
  reason: RefundReason,
  now: Date,
) {
  await tx
    .update(questions)
    .set({ paymentStatus: 'refunding', refundReason: reason, refundClaimedAt: now })
    .where(eq(questions.id, questionId));
}

/**
 * refunding → refunded, once: null when the claim is gone (another recording found it first).
 * A declined or withdrawn question keeps saying so; any other is now refunded.
 */
export async function markRefunded(
  tx: Executor,
  questionId: string,
  refundId: string | null,
  now: Date,
) {
  const [done] = await tx
    .update(questions)
    .set({
      paymentStatus: 'refunded',
      status: sql`CASE WHEN ${questions.status} IN ('declined', 'withdrawn') THEN ${questions.status} ELSE 'refunded' END`,
      refundedAt: now,
      refundId,
      refundClaimedAt: null,
    })
    .where(and(eq(questions.id, questionId), eq(questions.paymentStatus, 'refunding')))
    .returning({ reason: questions.refundReason, declineNote: questions.declineNote });
  return done ?? null;
}

/**
 * A dispute's partial refund is claimed (ADR 063): the amount to give back, and the claim time the
 * recovery sweep looks for. The payment stays 'paid': the question keeps the rest.
 */
export async function markPartialRefunding(
  tx: Executor,
  questionId: string,
  refundCents: number,
  now: Date,
) {
  await tx
    .update(questions)
    .set({ partialRefundAmount: refundCents, refundClaimedAt: now })
    .where(eq(questions.id, questionId));
}

/** Records a claimed partial refund, once: false when another recording found it first. */
export async function markPartiallyRefunded(
  tx: Executor,
  questionId: string,
  refundId: string,
  now: Date,
) {
  const [done] = await tx
    .update(questions)
    .set({ partialRefundedAt: now, refundId, refundClaimedAt: null })
    .where(
      and(
        eq(questions.id, questionId),
        isNotNull(questions.partialRefundAmount),
        isNull(questions.partialRefundedAt),
      ),
    )
    .returning({ id: questions.id });
  return done !== undefined;
}

/** Renews a stale refund claim with a compare-and-set on its time; false when another took it. */
export async function renewRefundClaim(
  db: Executor,
  questionId: string,
  claimedAt: Date,
  now: Date,
) {
  const [mine] = await db
    .update(questions)
    .set({ refundClaimedAt: now })
    .where(and(eq(questions.id, questionId), eq(questions.refundClaimedAt, claimedAt)))
    .returning({ id: questions.id });
  return mine !== undefined;
}

/** A deleted account's questions keep only the anonymous name and address they were asked under. */
export async function anonymisePlayer(
  tx: Executor,
  playerId: string,
  anonymous: { name: string; email: string },
) {
  await tx
    .update(questions)
    .set({ playerName: anonymous.name, playerEmail: anonymous.email })
    .where(eq(questions.playerId, playerId));
}

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

/**
 * The Player's review (one per question), its stars and words changeable until the Coach replies
 * (ADR 062); null when a reply is there and nothing changed, else whether it was first posted now
 * (issue 36: the Coach hears of a new review, not of each change). A hidden review stays hidden.
 */
export async function upsertReview(
  tx: Executor,
  changes: Changes,
  who: Participants,
  row: { coachId: string; reviewerId: string; rating: number; body: string | null },
): Promise<{ posted: boolean } | null> {
  const [saved] = await tx
    .insert(reviews)
    .values({ questionId: who.questionId, ...row })
    .onConflictDoUpdate({
      target: reviews.questionId,
      set: { rating: row.rating, body: row.body },
      setWhere: isNull(reviews.reply),
    })
    // A row the insert wrote has no xmax; one the update rewrote has: a first review or a change.
    .returning({ id: reviews.id, posted: sql<boolean>`(xmax = 0)` });
  if (!saved) return null;
  changes.raise('questions.changed', who);
  return { posted: saved.posted };
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
          ? and(
              // An answer, or a message on a question still waiting (ADR 058).
              or(eq(questions.status, 'answered'), gt(questions.messageCount, 0)),
              eq(questions.playerViewedResponse, false),
            )
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

/** The Coach's reply, written only if there is none yet (it is never edited: ADR 062). */
export async function writeReviewReply(tx: Executor, reviewId: string, reply: string, now: Date) {
  const written = await tx
    .update(reviews)
    .set({ reply, repliedAt: now })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  return written.length > 0;
}

/** Publishes or hides a review; the triggers of ADR 025 move the Coach's star figures with it. */
export async function setReviewPublished(tx: Executor, reviewId: string, published: boolean) {
  await tx.update(reviews).set({ published }).where(eq(reviews.id, reviewId));
}

/**
 * Paid questions still unanswered whose "Answer by" falls before `until` and whose Coach was not
 * reminded yet, locked (skipping rows another process holds): served by questions_refund_due_idx.
 */
export function lockRemindersDue(tx: Executor, now: Date, until: Date, limit: number) {
  return tx
    .select({ id: questions.id })
    .from(questions)
    .where(
      and(
        eq(questions.status, 'pending'),
        eq(questions.paymentStatus, 'paid'),
        gt(questions.answerBy, now),
        lte(questions.answerBy, until),
        isNull(questions.reminderSentAt),
      ),
    )
    .orderBy(questions.answerBy)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The Coach's reminder is recorded with its e-mail, so it goes once (ADR 060). */
export async function markReminded(tx: Executor, questionId: string, now: Date) {
  await tx.update(questions).set({ reminderSentAt: now }).where(eq(questions.id, questionId));
}
