import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coachPayoutCents,
  formatAdminAmount,
  formatDollarsAndCents,
  formatWholeDollars,
  platformFeeCents,
} from './money';

describe('money', () => {
  it('pays the Coach 70% rounded down to the cent', () => {
    expect(coachPayoutCents(5000)).toBe(3500);
    expect(coachPayoutCents(999)).toBe(699);
    expect(coachPayoutCents(101)).toBe(70);
    expect(platformFeeCents(999)).toBe(300);
  });

  it('never creates or loses a cent', () => {
    for (let cents = 100; cents < 20_000; cents += 7) {
      expect(coachPayoutCents(cents) + platformFeeCents(cents)).toBe(cents);
    }
  });

  it('formats at the edge only', () => {
    expect(formatWholeDollars(5000)).toBe('$50');
    expect(formatDollarsAndCents(1234)).toBe('$12.34');
    expect(formatAdminAmount(123456)).toBe('1,234.56');
  });
});

describe('money formats (property)', () => {
  // The formats are written out by hand (first Intl use on a page is slow); Intl is the reference.
  const intl = {
    whole: new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    }),
    cents: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
    admin: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  };
  const amounts = fc.oneof(
    fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }),
    fc.integer({ min: -2_000, max: 2_000 }).map((n) => n * 50),
  );

  it('match Intl.NumberFormat for whole cents', () => {
    fc.assert(
      fc.property(amounts, (cents) => {
        expect(formatWholeDollars(cents)).toBe(intl.whole.format(cents / 100));
        expect(formatDollarsAndCents(cents)).toBe(intl.cents.format(cents / 100));
        expect(formatAdminAmount(cents)).toBe(intl.admin.format(cents / 100));
      }),
      { numRuns: 2_000 },
    );
  });

  it('round half away from zero', () => {
    expect(formatWholeDollars(1250)).toBe('$13');
    expect(formatWholeDollars(-1250)).toBe('-$13');
    expect(formatWholeDollars(1249)).toBe('$12');
    expect(formatWholeDollars(123_456_789)).toBe('$1,234,568');
    expect(formatDollarsAndCents(-5)).toBe('-$0.05');
  });
});

describe('payout amount (property)', () => {
  it('is 70% rounded down, never more than the fee, and splits the fee exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (fee) => {
        const payout = coachPayoutCents(fee);
        expect(Number.isInteger(payout)).toBe(true);
        expect(payout).toBeLessThanOrEqual((fee * 70) / 100);
        expect(payout).toBeGreaterThan((fee * 70) / 100 - 1);
        expect(payout + platformFeeCents(fee)).toBe(fee);
      }),
    );
  });
});
