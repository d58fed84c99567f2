import { and, desc, eq, sql } from 'drizzle-orm';
import type { BusEvents } from '../../../adapters/events/types';
import type { ConnectedAccountStatus } from '../../../adapters/payments/types';
import type { Executor } from '../../../db/client';
import { checkoutSessions, experts, payouts, questions } from '../../../db/schema';
import type { Changes } from '../../../db/unit-of-work';
import { recordCheckoutSession } from '../../questions/data';

/** A question and the two people whose pages show it: the payload of `questions.changed`. */
export type QuestionParticipants = BusEvents['questions.changed'];

/** What our database last heard about a connected account (the local provider's source of truth). */
export async function accountStatusFromDatabase(
  db: Executor,
  accountId: string,
): Promise<ConnectedAccountStatus> {
  const [row] = await db.select().from(experts).where(eq(experts.stripeAccountId, accountId));
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
 * its asker and Coach in the same transaction.
 */
export async function questionMoneyChanged(tx: Executor, changes: Changes, questionId: string) {
  const [row] = await tx
    .select({ askerId: questions.askerId, expertUserId: experts.userId })
    .from(questions)
    .innerJoin(experts, eq(experts.id, questions.expertId))
    .where(eq(questions.id, questionId));
  if (row) changes.raise('questions.changed', { questionId, ...row });
}

/** The question a checkout session pays for (any of its sessions), with its Coach's name. */
export async function findCheckout(db: Executor, sessionId: string) {
  const [row] = await db
    .select({ question: questions, expertName: experts.name, status: checkoutSessions.status })
    .from(checkoutSessions)
    .innerJoin(questions, eq(questions.id, checkoutSessions.questionId))
    .innerJoin(experts, eq(experts.id, questions.expertId))
    .where(eq(checkoutSessions.sessionId, sessionId));
  return row ?? null;
}

/** The question to be paid for, with its Coach's user and name, and whether the Coach is gone. */
export async function findPayableQuestion(db: Executor, questionId: string) {
  const [row] = await db
    .select({
      question: questions,
      expertUserId: experts.userId,
      expertName: experts.name,
      coachDeleted: sql<boolean>`${experts.deletedAt} IS NOT NULL`,
    })
    .from(questions)
    .innerJoin(experts, eq(experts.id, questions.expertId))
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

export async function ownsConnectedAccount(db: Executor, expertId: string, accountId: string) {
  const [owned] = await db
    .select({ id: experts.id })
    .from(experts)
    .where(and(eq(experts.id, expertId), eq(experts.stripeAccountId, accountId)));
  return owned !== undefined;
}

/** Creates the payout an answer earns, held until `releasableAt`; one per question. */
export async function createPayout(
  tx: Executor,
  values: { questionId: string; expertId: string; amount: number; releasableAt: Date },
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

/** The Coach's payouts, newest first, with the question's text and asker: payouts_expert_idx. */
export function coachPayoutHistory(db: Executor, expertId: string, limit: number) {
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
      askerName: questions.askerName,
      questionPaid: sql<boolean>`${questions.paymentStatus} = 'paid'`,
      disputeOpen: sql<boolean>`${questions.disputeFlagged} AND ${questions.disputeResolution} IS NULL`,
    })
    .from(payouts)
    .innerJoin(questions, eq(questions.id, payouts.questionId))
    .where(eq(payouts.expertId, expertId))
    .orderBy(desc(payouts.createdAt))
    .limit(limit);
}

/** The Player's payments, newest first: served by questions_asker_idx. */
export function playerPaymentHistory(db: Executor, askerId: string, limit: number) {
  return db
    .select({
      id: questions.id,
      amount: questions.amount,
      paymentStatus: questions.paymentStatus,
      createdAt: questions.createdAt,
      question: questions.question,
      expertId: experts.id,
      expertName: experts.name,
      expertPhotoUrl: experts.photoUrl,
      expertise: experts.expertise,
    })
    .from(questions)
    .innerJoin(experts, eq(experts.id, questions.expertId))
    .where(eq(questions.askerId, askerId))
    .orderBy(desc(questions.createdAt))
    .limit(limit);
}

/** The people and the question a money e-mail speaks of. */
export interface MoneyMailSubject {
  questionId: string;
  question: string;
  amount: number;
  askerName: string;
  askerEmail: string;
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
      amount: questions.amount,
      askerName: questions.askerName,
      askerEmail: questions.askerEmail,
      coachName: experts.name,
      coachEmail: experts.email,
    })
    .from(questions)
    .innerJoin(experts, eq(experts.id, questions.expertId))
    .where(eq(questions.id, questionId));
  if (!row) throw new Error(`question ${questionId} vanished while its money moved`);
  return row;
}
