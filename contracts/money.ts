import { groupDigits } from './group-digits';

/** The Coach's share of every fee, in percent. The single source of the revenue split. */
export const COACH_SHARE_PERCENT = 70;
export const PLATFORM_SHARE_PERCENT = 100 - COACH_SHARE_PERCENT;

/** The payout a Coach receives for a fee, rounded down to the cent. */
export function coachPayoutCents(feeCents: number): number {
  return Math.floor((feeCents * COACH_SHARE_PERCENT) / 100);
}

export function platformFeeCents(feeCents: number): number {
  return feeCents - coachPayoutCents(feeCents);
}

/** `value / unit` rounded half away from zero (as Intl rounds), its sign apart. */
function rounded(value: number, unit: number) {
  return { sign: value < 0 ? '-' : '', units: Math.round(Math.abs(value) / unit) };
}

/** `1234` cents → `"12.34"`, grouped, without a sign. */
function dollarsDotCents(absCents: number): string {
  return `${groupDigits(Math.floor(absCents / 100))}.${String(absCents % 100).padStart(2, '0')}`;
}

// Written out rather than through Intl.NumberFormat, whose first use on a page is slow
// (contracts/group-digits.ts); the results are the same (money.test.ts compares them).
/** Prices and Player history: `$50`. */
export const formatWholeDollars = (cents: number): string => {
  const { sign, units } = rounded(cents, 100);
  return `${sign}$${groupDigits(units)}`;
};
/** Payouts: `$12.34`. */
export const formatDollarsAndCents = (cents: number): string => {
  const { sign, units } = rounded(cents, 1);
  return `${sign}$${dollarsDotCents(units)}`;
};
/** Administrator figures: `12.34`. */
export const formatAdminAmount = (cents: number): string => {
  const { sign, units } = rounded(cents, 1);
  return `${sign}${dollarsDotCents(units)}`;
};
