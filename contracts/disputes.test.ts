import { describe, expect, it } from 'vitest';
import {
  dollarsToCents,
  isPartialRefundInRange,
  partialRefundSplit,
  resolveDisputeSchema,
} from './disputes';
import { COACH_SHARE_PERCENT } from './money';
import { receiptLines } from './receipts';

describe('a dispute resolution (ADR 063)', () => {
  it('reads dollars as typed into integer cents', () => {
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('12.05')).toBe(1205);
    expect(dollarsToCents('7')).toBe(700);
    const parsed = resolveDisputeSchema.parse({
      outcome: 'partial_refund',
      amount: ' 19.99 ',
      note: 'Half.',
    });
    expect(parsed).toEqual({ outcome: 'partial_refund', note: 'Half.', amountCents: 1999 });
    // An amount sent with another outcome moves nothing.
    expect(resolveDisputeSchema.parse({ outcome: 'release', amount: '5', note: 'Ok.' })).toEqual({
      outcome: 'release',
      note: 'Ok.',
      amountCents: null,
    });
  });

  it('keeps a partial refund strictly between nothing and everything paid', () => {
    expect(isPartialRefundInRange(0, 5000)).toBe(false);
    expect(isPartialRefundInRange(1, 5000)).toBe(true);
    expect(isPartialRefundInRange(4999, 5000)).toBe(true);
    expect(isPartialRefundInRange(5000, 5000)).toBe(false);
  });

  it("gives the Coach the revenue constant's share of what is kept, rounded down", () => {
    expect(COACH_SHARE_PERCENT).toBe(70);
    expect(partialRefundSplit(5000, 1500)).toEqual({
      refundCents: 1500,
      keptCents: 3500,
      coachCents: 2450,
    });
    expect(partialRefundSplit(2800, 1)).toEqual({
      refundCents: 1,
      keptCents: 2799,
      coachCents: 1959,
    });
  });

  it('puts the part refunded and the total kept on the receipt', () => {
    const lines = receiptLines({
      operator: 'Playbook Ltd',
      number: 42,
      issuedAt: new Date('2026-11-01T10:00:00Z'),
      coachName: 'Maya Torres',
      questionId: '1a2b3c4d-0000-4000-8000-000000000000',
      amount: 5000,
      cardLast4: '4242',
      refundedAt: null,
      partialRefund: { amount: 1500, at: new Date('2026-11-03T10:00:00Z') },
    });
    expect(lines.slice(-2)).toEqual([
      { label: 'Refunded', value: '$15.00 on November 3, 2026' },
      { label: 'Total after refund', value: '$35.00' },
    ]);
  });
});
