import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { OUTSTANDING_PAYOUT_STATUSES, type PayoutStatus } from '../../../../contracts/payments';
import type { PaymentStatus } from '../../../../contracts/question-states';
import type { Executor } from '../../../db/client';
import { coaches, payouts, questions } from '../../../db/schema';

/** Reads for the Payouts page's earnings and the CSV statements (ADR 056); they write nothing. */

/**
 * Integer cents given back to the Player: all of a refunded payment, or a dispute's partial refund
 * once recorded (ADR 063); what is kept is the rest.
 */
const refundedCents = sql<number>`CASE
    WHEN ${questions.paymentStatus} = 'refunded' THEN ${questions.amount}
    WHEN ${questions.partialRefundedAt} IS NOT NULL THEN ${questions.partialRefundAmount}
    ELSE 0 END`.mapWith(Number);

/** Every payout of a Coach with its question's fee, newest first: served by payouts_expert_idx. */
export function coachPayoutStatement(db: Executor, coachId: string) {
  return db
    .select({
      createdAt: payouts.createdAt,
      questionId: payouts.questionId,
      gross: questions.amount,
      refunded: refundedCents,
      coachShare: payouts.amount,
      status: payouts.status,
      transferId: payouts.transferId,
    })
    .from(payouts)
    .innerJoin(questions, eq(questions.id, payouts.questionId))
    .where(eq(payouts.coachId, coachId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id));
}

/**
 * A Coach's payouts by the month they were earned (UTC), from `since`: paid, and still to come
 * (pending, held or being transferred). Cancelled ones earned nothing.
 */
export function coachEarningsByMonth(db: Executor, coachId: string, since: Date) {
  const month = sql<string>`to_char(${payouts.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM')`;
  return db
    .select({
      month,
      paid: sql<number>`coalesce(sum(${payouts.amount}) FILTER (WHERE ${payouts.status} = 'paid'), 0)`.mapWith(
        Number,
      ),
      pending: sql<number>`coalesce(sum(${payouts.amount}) FILTER (WHERE ${inArray(
        payouts.status,
        [...OUTSTANDING_PAYOUT_STATUSES],
      )}), 0)`.mapWith(Number),
    })
    .from(payouts)
    .where(and(eq(payouts.coachId, coachId), gte(payouts.createdAt, since)))
    .groupBy(month);
}

/** One line of the administrators' statement: a payment taken, or a payout owed or made. */
export interface StatementLine {
  type: 'payment' | 'payout';
  at: Date;
  questionId: string;
  coachName: string;
  gross: number;
  /** Cents given back to the Player (ADR 063); `gross - refunded` is what was kept. */
  refunded: number;
  coachShare: number | null;
  state: PaymentStatus | PayoutStatus;
  providerId: string | null;
}

/**
 * The payments taken (by payment time) and the payouts created (by creation time) within
 * [from, to), oldest first: the administrators' CSV.
 */
export async function statementLines(
  db: Executor,
  from: Date,
  to: Date,
): Promise<StatementLine[]> {
  const paymentRows = await db
    .select({
      at: questions.paidAt,
      questionId: questions.id,
      coachName: coaches.name,
      gross: questions.amount,
      refunded: refundedCents,
      coachShare: payouts.amount,
      state: questions.paymentStatus,
      providerId: questions.paymentIntentId,
    })
    .from(questions)
    .innerJoin(coaches, eq(coaches.id, questions.coachId))
    .leftJoin(payouts, eq(payouts.questionId, questions.id))
    .where(
      and(isNotNull(questions.paidAt), gte(questions.paidAt, from), lt(questions.paidAt, to)),
    )
    .orderBy(asc(questions.paidAt), asc(questions.id));
  const payoutRows = await db
    .select({
      at: payouts.createdAt,
      questionId: payouts.questionId,
      coachName: coaches.name,
      gross: questions.amount,
      refunded: refundedCents,
      coachShare: payouts.amount,
      state: payouts.status,
      providerId: payouts.transferId,
    })
    .from(payouts)
    .innerJoin(questions, eq(questions.id, payouts.questionId))
    .innerJoin(coaches, eq(coaches.id, payouts.coachId))
    .where(and(gte(payouts.createdAt, from), lt(payouts.createdAt, to)))
    .orderBy(asc(payouts.createdAt), asc(payouts.id));
  const lines: StatementLine[] = [
    ...paymentRows.map((r) => ({ ...r, at: r.at ?? from, type: 'payment' as const })),
    ...payoutRows.map((r) => ({ ...r, type: 'payout' as const })),
  ];
  return lines.sort((a, b) => a.at.getTime() - b.at.getTime());
}
