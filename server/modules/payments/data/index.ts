import { and, desc, eq, sql } from 'drizzle-orm';
import type { BusEvents } from '../../../adapters/events/types';
import type { ConnectedAccountStatus } from '../../../adapters/payments/types';
import type { Executor } from '../../../db/client';
import { checkoutSessions, coaches, payouts, questions, receipts } from '../../../db/schema';
import type { Changes } from '../../../db/unit-of-work';
import { recordCheckoutSession } from '../../question-records/data';
import { availabilityColumns } from '../../coaches';

/** A question and the two people whose pages show it: the payload of `questions.changed`. */
export type QuestionParticipants = BusEvents['questions.changed'];

/** What our database last heard about a connected account (the local provider's source of truth). */
export async function accountStatusFromDatabase(
  db: Executor,
  accountId: string,
): Promise<ConnectedAccountStatus> {
  const [row] = await db.select().from(coaches).where(eq(coaches.stripeAccountId, accountId));
  const onboardingComplete = row?.stripeOnboardingComplete ?? false;
  return {
    onboardingComplete,
    chargesEnabled: row?.stripeChargesEnabled ?? false,
    payoutsEnabled: row?.stripePayoutsEnabled ?? false,
    requirements: onboardingComplete ? [] : ['Business details', 'Bank account for payouts'],
  };
}

/**
 * Raises `questions.changed` for a question whose money state this unit of work changed, reading
 * its Player and Coach in the same transaction.
 */
export async function questionMoneyChanged(tx: Executor, changes: Changes, questionId: string) {
  const [row] = await tx
    .select({ playerId: questions.playerId, coachUserId: coaches.userId })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .where(eq(questions.id, questionId));
  if (row) changes.raise('questions.changed', { questionId, ...row });
}

/** The question a checkout session pays for (any of its sessions), with its Coach's name. */
export async function findCheckout(db: Executor, sessionId: string) {
  const [row] = await db
    .select({
      question: questions,
      coachName: coaches.name,
      status: checkoutSessions.status,
      startedAt: checkoutSessions.createdAt,
    })
    .from(checkoutSessions)
    .innerJoin(questions, eq(questions.id, checkoutSessions.questionId))
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .where(eq(checkoutSessions.sessionId, sessionId));
  return row ?? null;
}

/** The question to be paid for, with its Coach's user and name, and whether the Coach is gone. */
export async function findPayableQuestion(db: Executor, questionId: string) {
  const [row] = await db
    .select({
      question: questions,
      coachUserId: coaches.userId,
      coachName: coaches.name,
      coachDeleted: sql<boolean>`(${coaches.deletedAt} IS NOT NULL OR ${coaches.suspendedAt} IS NOT NULL)`,
      coachAvailability: availabilityColumns,
    })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .where(eq(questions.id, questionId));
  return row ?? null;
}

/** A new checkout session: the question's latest, and one of those to expire once one is paid. */
export async function setCheckoutSession(tx: Executor, questionId: string, sessionId: string) {
  await tx.insert(checkoutSessions).values({ sessionId, questionId });
  await recordCheckoutSession(tx, questionId, sessionId);
}

/** The provider reported this session paid: it is no longer one to expire. */
export async function markCheckoutComplete(tx: Executor, sessionId: string) {
  await tx
    .update(checkoutSessions)
    .set({ status: 'complete' })
    .where(eq(checkoutSessions.sessionId, sessionId));
}

export async function ownsConnectedAccount(db: Executor, coachId: string, accountId: string) {
  const [owned] = await db
    .select({ id: coaches.id })
    .from(coaches)
    .where(and(eq(coaches.id, coachId), eq(coaches.stripeAccountId, accountId)));
  return owned !== undefined;
}

/** Creates the payout an answer earns, held until `releasableAt`; one per question. */
export async function createPayout(
  tx: Executor,
  values: { questionId: string; coachId: string; amount: number; releasableAt: Date },
) {
  await tx
    .insert(payouts)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing({ target: payouts.questionId });
}

/** An administrator holds a question's payout, or lifts the hold (ending the window, if `now`). */
export async function setPayoutHold(
  tx: Executor,
  changes: Changes,
  who: QuestionParticipants,
  hold: { held: true } | { held: false; releasableAt?: Date },
) {
  await tx
    .update(payouts)
    .set(
      hold.held
        ? { heldByAdmin: true, status: 'held' }
        : {
            heldByAdmin: false,
            ...(hold.releasableAt ? { releasableAt: hold.releasableAt } : {}),
          },
    )
    .where(eq(payouts.questionId, who.questionId));
  changes.raise('questions.changed', who);
}

/**
 * The Player's follow-up moves the end of the hold window, which is the dispute window (ADR 058):
 * later while it waits, back to 24 h after its answer (never before the usual window's end).
 */
export async function movePayoutWindow(
  tx: Executor,
  questionId: string,
  releasableAt: Date,
  mode: 'later-only' | 'set',
) {
  await tx
    .update(payouts)
    .set({
      releasableAt:
        mode === 'set' ? releasableAt : sql`greatest(${payouts.releasableAt}, ${releasableAt})`,
    })
    .where(eq(payouts.questionId, questionId));
}

/** The Coach's payouts, newest first, with the question's text and Player: payouts_expert_idx. */
export function coachPayoutHistory(db: Executor, coachId: string, limit: number) {
  return db
    .select({
      id: payouts.id,
      amount: payouts.amount,
      status: payouts.status,
      createdAt: payouts.createdAt,
      paidAt: payouts.paidAt,
      releasableAt: payouts.releasableAt,
      heldByAdmin: payouts.heldByAdmin,
      question: questions.question,
      playerName: questions.playerName,
      questionPaid: sql<boolean>`${questions.paymentStatus} = 'paid'`,
      disputeOpen: sql<boolean>`${questions.disputeFlagged} AND ${questions.disputeResolution} IS NULL`,
      followUpWaiting: sql<boolean>`coalesce(${questions.followUpAnsweredAt} IS NULL AND ${questions.followUpUntil} > now(), false)`,
    })
    .from(payouts)
    .innerJoin(questions, eq(questions.id, payouts.questionId))
    .where(eq(payouts.coachId, coachId))
    .orderBy(desc(payouts.createdAt))
    .limit(limit);
}

/** The Player's payments, newest first: served by questions_asker_idx. */
export function playerPaymentHistory(db: Executor, playerId: string, limit: number) {
  return db
    .select({
      id: questions.id,
      amount: questions.amount,
      paymentStatus: questions.paymentStatus,
      createdAt: questions.createdAt,
      question: questions.question,
      coachId: coaches.id,
      coachName: coaches.name,
      coachPhotoUrl: coaches.photoUrl,
      expertise: coaches.expertise,
      receiptNumber: receipts.number,
      // A partial refund counts once the provider made it (ADR 063), as the question page says.
      refunded: sql<
        number | null
      >`CASE WHEN ${questions.partialRefundedAt} IS NOT NULL THEN ${questions.partialRefundAmount} END`,
    })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .leftJoin(receipts, eq(receipts.questionId, questions.id))
    .where(eq(questions.playerId, playerId))
    .orderBy(desc(questions.createdAt))
    .limit(limit);
}

/** The people and the question a money e-mail speaks of. */
export interface MoneyMailSubject {
  questionId: string;
  question: string;
  context: string | null;
  amount: number;
  /** The Coach's promise when the question was asked, and the refund moment it set (ADR 060). */
  responseHours: number;
  answerBy: Date;
  playerName: string;
  playerEmail: string;
  coachName: string;
  coachEmail: string;
}

export async function moneyMailSubject(
  tx: Executor,
  questionId: string,
): Promise<MoneyMailSubject> {
  const [row] = await tx
    .select({
      questionId: questions.id,
      question: questions.question,
      context: questions.context,
      amount: questions.amount,
      responseHours: questions.responseHours,
      answerBy: questions.answerBy,
      playerName: questions.playerName,
      playerEmail: questions.playerEmail,
      coachName: coaches.name,
      coachEmail: coaches.email,
    })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .where(eq(questions.id, questionId));
  if (!row) throw new Error(`question ${questionId} vanished while its money moved`);
  return row;
}
