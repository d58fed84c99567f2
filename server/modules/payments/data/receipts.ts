import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { coaches, receiptCounter, receipts, questions } from '../../../db/schema';

/**
 * Receipts (ADR 056): one number per payment a question keeps, from one gapless counter, written in
 * the transaction that records the payment.
 */

/**
 * The next receipt number. The counter's one row is created by the first payment and incremented by
 * every later one; the row lock it takes is held until the payment's transaction ends, so concurrent
 * payments take their numbers one after the other, and a rollback gives its number back.
 */
async function nextReceiptNumber(tx: Executor): Promise<number> {
  const [row] = await tx
    .insert(receiptCounter)
    .values({ id: 1, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptCounter.id,
      set: { lastNumber: sql`${receiptCounter.lastNumber} + 1` },
    })
    .returning({ number: receiptCounter.lastNumber });
  if (!row) throw new Error('the receipt counter returned no number');
  return row.number;
}

/** Issues the receipt of a question's payment: its number, in the caller's transaction. */
export async function issueReceipt(
  tx: Executor,
  receipt: { questionId: string; amount: number; cardLast4: string | null; now: Date },
): Promise<number> {
  const number = await nextReceiptNumber(tx);
  await tx.insert(receipts).values({
    number,
    questionId: receipt.questionId,
    amount: receipt.amount,
    cardLast4: receipt.cardLast4,
    issuedAt: receipt.now,
  });
  return number;
}

/** Everything a receipt says, by the question it is for (the e-mail and the PDF alike). */
function selectReceipt(db: Executor) {
  return db
    .select({
      number: receipts.number,
      issuedAt: receipts.issuedAt,
      amount: receipts.amount,
      cardLast4: receipts.cardLast4,
      questionId: questions.id,
      question: questions.question,
      playerId: questions.playerId,
      playerName: questions.playerName,
      playerEmail: questions.playerEmail,
      coachName: coaches.name,
      refundedAt: sql<Date | null>`CASE WHEN ${questions.paymentStatus} = 'refunded'
        THEN ${questions.refundedAt} END`.mapWith(questions.refundedAt),
      partialRefundAmount: questions.partialRefundAmount,
      partialRefundedAt: questions.partialRefundedAt,
    })
    .from(receipts)
    .innerJoin(questions, eq(questions.id, receipts.questionId))
    .innerJoin(coaches, eq(coaches.id, questions.coachId));
}

export type ReceiptFacts = NonNullable<Awaited<ReturnType<typeof receiptOfQuestion>>>;

/** The receipt of a question's payment, if one was issued. */
export async function receiptOfQuestion(db: Executor, questionId: string) {
  const [row] = await selectReceipt(db).where(eq(receipts.questionId, questionId));
  return row ?? null;
}

/** The receipt, only for the Player who paid it: anyone else gets nothing. */
export async function receiptForPlayer(db: Executor, questionId: string, playerId: string) {
  const [row] = await selectReceipt(db).where(
    and(eq(receipts.questionId, questionId), eq(questions.playerId, playerId)),
  );
  return row ?? null;
}
