import { z } from 'zod';
import { formatUtcLongDate, formatUtcShortMonth } from './dates';
import { formatDollarsAndCents } from './money';

/**
 * Receipts and earnings (ADR 056): the facts both sides name the same way. A receipt's amounts show
 * cents, as a payment record must; the Player's history keeps its whole dollars (spec §9).
 */

/** Receipt numbers are shown with six digits at least: `000042`. */
export const receiptNumberLabel = (number: number): string => String(number).padStart(6, '0');

/** A question's short reference on receipts and statements: `Q-1A2B3C4D` (its id's first 8 digits). */
export const questionReference = (questionId: string): string =>
  `Q-${questionId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

/** Dates on receipts and statements: `November 27, 2026`, in UTC so every reader sees the same. */
export const formatReceiptDate = (date: Date): string => formatUtcLongDate(date);

/** What a receipt says, in the order it says it. */
export interface ReceiptFigures {
  operator: string;
  number: number;
  issuedAt: Date;
  coachName: string;
  questionId: string;
  amount: number;
  cardLast4: string | null;
  refundedAt: Date | null;
  /** A dispute's partial refund, once recorded (ADR 063): the payment is otherwise kept. */
  partialRefund?: { amount: number; at: Date } | null;
}

/**
 * What a refund took back and what the payment keeps, as the receipt says it; the question page
 * shows the same lines after a partial refund (issue 36).
 */
export function refundLines(
  paid: number,
  refund: { amount: number; at: Date },
): { label: string; value: string }[] {
  return [
    {
      label: 'Refunded',
      value: `${formatDollarsAndCents(refund.amount)} on ${formatReceiptDate(refund.at)}`,
    },
    { label: 'Total after refund', value: formatDollarsAndCents(paid - refund.amount) },
  ];
}

/** A receipt as label and value lines: the e-mail and the PDF print the same ones. */
export function receiptLines(r: ReceiptFigures): { label: string; value: string }[] {
  const refund = r.refundedAt ? { amount: r.amount, at: r.refundedAt } : (r.partialRefund ?? null);
  return [
    { label: 'Operator', value: r.operator },
    { label: 'Receipt number', value: receiptNumberLabel(r.number) },
    { label: 'Date', value: formatReceiptDate(r.issuedAt) },
    { label: 'Coach', value: r.coachName },
    { label: 'Question reference', value: questionReference(r.questionId) },
    { label: 'Amount paid', value: formatDollarsAndCents(r.amount) },
    ...(r.cardLast4 ? [{ label: 'Payment method', value: `Card ending ${r.cardLast4}` }] : []),
    ...(refund ? refundLines(r.amount, refund) : []),
  ];
}

/** The label of the Payment History's receipt link. */
export const DOWNLOAD_RECEIPT_LABEL = 'Download receipt';

/** One month of a Coach's earnings, in cents: paid out, and still to come. */
export const earningsMonthSchema = z.object({
  /** `2026-11` */
  month: z.string(),
  paid: z.number().int(),
  pending: z.number().int(),
});
export type EarningsMonth = z.infer<typeof earningsMonthSchema>;

/** The Payouts page's chart and table: the last 12 months, oldest first, every month present. */
export const earningsSchema = z.object({ months: z.array(earningsMonthSchema) });
export type Earnings = z.infer<typeof earningsSchema>;

/** `2026-11` → `Nov 2026`. */
export const formatEarningsMonth = (month: string): string => {
  const [year, m] = month.split('-').map(Number);
  return formatUtcShortMonth(Date.UTC(year ?? 1970, (m ?? 1) - 1, 1));
};

/** The administrators' statement: payments and payouts made within a date range (inclusive). */
export const statementRangeSchema = z
  .object({
    from: z.iso.date({ message: 'Choose a start date.' }),
    to: z.iso.date({ message: 'Choose an end date.' }),
  })
  .refine((r) => r.from <= r.to, {
    message: 'The start date must not be after the end date.',
    path: ['to'],
  });
export type StatementRange = z.infer<typeof statementRangeSchema>;
