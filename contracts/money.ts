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

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Prices and Player history: `$50`. */
export const formatWholeDollars = (cents: number): string => wholeDollars.format(cents / 100);
/** Payouts: `$12.34`. */
export const formatDollarsAndCents = (cents: number): string => dollarsAndCents.format(cents / 100);
/** Administrator figures: `12.34`. */
export const formatAdminAmount = (cents: number): string => twoDecimals.format(cents / 100);
