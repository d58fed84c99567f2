import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  AVAILABILITY_MESSAGES,
  availabilityOf,
  todayUtc,
  type Availability,
  type AvailabilityFacts,
} from '../../../../contracts/availability';
import type { AvailabilityInput } from '../../../../contracts/availability-schemas';
import { CHECKOUT_HOLD_MINUTES } from '../../../../contracts/limits';
import { UNPAID_PAYMENT_STATUSES } from '../../../../contracts/question-states';
import type { Executor } from '../../../db/client';
import type { Changes } from '../../../db/unit-of-work';
import { coaches, questions } from '../../../db/schema';
import { AppError } from '../../../errors';

/**
 * A Coach's availability (ADR 061): the payout-ready gate, a pause with an optional return date,
 * and a cap on questions awaiting an answer. Read from the Coach's row and a count of their open
 * questions, so the pause lifts itself on its date without a job.
 */

/**
 * A checkout of the question started within CHECKOUT_HOLD_MINUTES and not closed: it may still be
 * paid (a session lasts CHECKOUT_MINUTES), so its question keeps a slot and does not expire. The
 * names are written out: in a select from one table Drizzle leaves columns unqualified, and the
 * bare "id" here would not be the question's.
 */
export const checkoutUnderWay = sql`exists (select 1 from "checkout_sessions" where "checkout_sessions"."question_id" = "questions"."id" and "checkout_sessions"."status" = 'open' and "checkout_sessions"."created_at" > now() - make_interval(mins => ${CHECKOUT_HOLD_MINUTES}::int))`;

/**
 * A question holding a slot of its Coach's cap (ADR 082): waiting for an answer and paid, or unpaid
 * with a checkout under way. An unpaid question without one holds nothing (issue 36: one free
 * account filled a cap with them): the slot goes to whoever starts paying, and the checkout's hold
 * keeps two Players from both paying for the last one.
 */
const holdsSlot = and(
  eq(questions.status, 'pending'),
  or(
    eq(questions.paymentStatus, 'paid'),
    and(inArray(questions.paymentStatus, UNPAID_PAYMENT_STATUSES), checkoutUnderWay),
  ),
)!;

/**
 * Counted on questions_expert_visible_idx, for the Coach row in the same statement ("experts"."id"
 * written out for the same reason as above).
 */
const openQuestionCount = sql<number>`(select count(*)::int from "questions" where "questions"."expert_id" = "experts"."id" and ${holdsSlot})`;

/** A connected account that can receive payouts: the gate (spec's 'Payment Setup Required'). */
const payoutsEnabled = sql<boolean>`(${coaches.stripePayoutsEnabled} and ${coaches.stripeAccountId} is not null)`;

/** The columns `availabilityOf` reads, for any select from experts. */
export const availabilityColumns = {
  payoutsEnabled,
  pausedAt: coaches.pausedAt,
  pauseReturnOn: coaches.pauseReturnOn,
  pauseNote: coaches.pauseNote,
  openQuestionCap: coaches.openQuestionCap,
  openQuestions: openQuestionCount,
};

/** The availability a row with `availabilityColumns` gives today. */
export const availabilityFrom = (row: AvailabilityFacts, now = new Date()): Availability =>
  availabilityOf(row, todayUtc(now));

/**
 * The directory's default view: Coaches who can receive payouts and are not paused today. A full
 * Coach stays listed, marked "Fully booked": their slots free up as they answer.
 */
export const takingQuestions = (now = new Date()): SQL =>
  and(
    payoutsEnabled,
    // The pause is over on its return date itself (as `isPaused` reads it).
    or(isNull(coaches.pausedAt), sql`${coaches.pauseReturnOn} <= ${todayUtc(now)}::date`),
  )!;

/** The 409 that refuses asking (or paying for) a question of a Coach in this state. */
export function refusal(availability: Availability): AppError | null {
  switch (availability.state) {
    case 'open':
      return null;
    case 'not-ready':
      return new AppError(409, AVAILABILITY_MESSAGES.refusedNotReady);
    case 'paused':
      return new AppError(409, AVAILABILITY_MESSAGES.refusedPaused);
    case 'full':
      return new AppError(409, AVAILABILITY_MESSAGES.refusedFull);
  }
}

/**
 * The Coach's row locked for the transaction, with its availability: two Players asking for the
 * last slot at once take this lock in turn, so the second counts the first one's question.
 */
export async function lockCoachAvailability(tx: Executor, coachId: string) {
  // The lock first: the count must be read after it, or it could miss a question committed while
  // this transaction waited.
  await tx.select({ id: coaches.id }).from(coaches).where(eq(coaches.id, coachId)).for('update');
  const [row] = await tx.select(availabilityColumns).from(coaches).where(eq(coaches.id, coachId));
  return row ?? null;
}

/**
 * The slots of a Coach's cap held by questions other than this one: at checkout, this question may
 * be paid only while one is left (ADR 082). Read after `lockCoachAvailability`, so of two
 * checkouts for the last slot the second counts the first.
 */
export async function slotsHeldBesides(tx: Executor, coachId: string, questionId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(questions)
    .where(and(eq(questions.coachId, coachId), ne(questions.id, questionId), holdsSlot));
  return row?.n ?? 0;
}

/** Saves the Coach's availability settings; the pages' caches drop the Coach's entries. */
export async function saveAvailability(
  tx: Executor,
  changes: Changes,
  coach: { id: string; userId: string; pausedAt: Date | null },
  input: AvailabilityInput,
  now: Date,
) {
  await tx
    .update(coaches)
    .set({
      // A pause edited while it holds keeps the time it began.
      pausedAt: input.paused ? (coach.pausedAt ?? now) : null,
      pauseReturnOn: input.paused ? input.returnOn : null,
      pauseNote: input.paused ? input.note : null,
      openQuestionCap: input.openQuestionCap,
    })
    .where(eq(coaches.id, coach.id));
  changes.raise('coaches.changed', { userId: coach.userId });
}

/** The Coach's own settings, as the form edits them. */
export async function ownAvailability(db: Executor, coachId: string, now = new Date()) {
  const [row] = await db.select(availabilityColumns).from(coaches).where(eq(coaches.id, coachId));
  if (!row) return null;
  const paused =
    row.pausedAt !== null && (row.pauseReturnOn === null || row.pauseReturnOn > todayUtc(now));
  return {
    paused,
    returnOn: paused ? row.pauseReturnOn : null,
    note: paused ? row.pauseNote : null,
    openQuestionCap: row.openQuestionCap,
    openQuestions: row.openQuestions,
    availability: availabilityFrom(row, now),
  };
}
