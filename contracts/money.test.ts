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
