import { z } from 'zod';
import { coachPayoutCents, formatDollarsAndCents } from './money';
import { secureText } from './secure-input';

/**
 * Disputes heard from both sides (issue 24, ADR 063): the Coach's statement, and the
 * administrator's resolution with a note both sides see. One source for the routes, the forms and
 * the tests.
 */

/** How an administrator settled a dispute; 'dismissed' is history only (ADR 015). */
export const DISPUTE_RESOLUTIONS = [
  'dismissed',
  'released',
  'refunded',
  'partially_refunded',
] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];

export const DISPUTE_STATEMENT_MAX = 2000;
export const DISPUTE_NOTE_MAX = 2000;

export const DISPUTE_STATEMENT_MESSAGES = {
  label: 'Your statement',
  statementLength: `Your statement must be 1 to ${DISPUTE_STATEMENT_MAX} characters`,
  submit: 'Save statement',
  saved: 'Statement saved',
  failed: 'Failed to save your statement. Please try again.',
  closed: 'This dispute is no longer open, so the statement can no longer change.',
  coachOnly: 'Only the Coach who answered can add a statement.',
  heading: 'The Coach’s statement',
  none: 'The Coach has not added a statement.',
} as const;

/** The Coach's side of an open dispute: editable until the dispute is resolved (ADR 063). */
export const disputeStatementSchema = z.object({
  statement: secureText({
    max: DISPUTE_STATEMENT_MAX,
    message: DISPUTE_STATEMENT_MESSAGES.statementLength,
  }),
});
export type DisputeStatementInput = z.input<typeof disputeStatementSchema>;

export const DISPUTE_OUTCOMES = {
  refund: 'Full refund',
  partial_refund: 'Partial refund',
  release: 'Release payout',
} as const;
export type DisputeOutcome = keyof typeof DISPUTE_OUTCOMES;
export const DISPUTE_OUTCOME_VALUES = Object.keys(DISPUTE_OUTCOMES) as [
  DisputeOutcome,
  ...DisputeOutcome[],
];

export const RESOLVE_MESSAGES = {
  title: 'Resolve dispute',
  review: 'Review dispute',
  outcomeRequired: 'Choose how to resolve the dispute.',
  amountLabel: 'Amount to refund (dollars)',
  amountFormat: 'Enter an amount in dollars, like 12.50.',
  amountRange: (paidCents: number) =>
    `The partial refund must be more than $0.00 and less than the ${formatDollarsAndCents(paidCents)} paid.`,
  noteLabel: 'Note to both sides',
  noteLength: `Write a note of 1 to ${DISPUTE_NOTE_MAX} characters`,
  submit: 'Resolve dispute',
  done: 'Dispute resolved',
  notOpen: 'This dispute is not open any more.',
} as const;

/** `"12.50"` → 1250; the format is checked by the schema first. */
export const dollarsToCents = (dollars: string): number => {
  const [whole = '0', fraction = ''] = dollars.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/**
 * The administrator's resolution. The amount is dollars as typed (at most 2 decimals), carried as
 * integer cents from here on; its upper bound is the question's own payment, checked by the server.
 */
export const resolveDisputeSchema = z
  .object({
    outcome: z.enum(DISPUTE_OUTCOME_VALUES, { message: RESOLVE_MESSAGES.outcomeRequired }),
    amount: z
      .string({ message: RESOLVE_MESSAGES.amountFormat })
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, RESOLVE_MESSAGES.amountFormat)
      .optional(),
    note: secureText({ max: DISPUTE_NOTE_MAX, message: RESOLVE_MESSAGES.noteLength }),
  })
  .superRefine((value, ctx) => {
    if (value.outcome === 'partial_refund' && value.amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: RESOLVE_MESSAGES.amountFormat });
    }
  })
  .transform(({ amount, ...rest }) => ({
    ...rest,
    amountCents:
      rest.outcome === 'partial_refund' && amount !== undefined ? dollarsToCents(amount) : null,
  }));
export type ResolveDisputeInput = z.input<typeof resolveDisputeSchema>;

/** Whether a partial refund of `refundCents` leaves part of `paidCents` kept: 0 < refund < paid. */
export const isPartialRefundInRange = (refundCents: number, paidCents: number) =>
  refundCents > 0 && refundCents < paidCents;

/**
 * What a partial refund leaves each side (ADR 063): the Player gets `refundCents` back, the
 * question keeps the rest, and the Coach's payout is their share of what is kept, from the one
 * revenue constant.
 */
export function partialRefundSplit(paidCents: number, refundCents: number) {
  const keptCents = paidCents - refundCents;
  return { refundCents, keptCents, coachCents: coachPayoutCents(keptCents) };
}
