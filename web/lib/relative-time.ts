import { groupDigits } from '@contracts/group-digits';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30.4375 * DAY;
const YEAR = 365 * DAY;

type Unit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
/** What Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }) says for one unit back. */
const LAST: Partial<Record<Unit, string>> = {
  day: 'yesterday',
  week: 'last week',
  month: 'last month',
  year: 'last year',
};

/**
 * `count` units back in en-US words, written out rather than through Intl.RelativeTimeFormat for the
 * reason contracts/dates.ts gives: the Coach page would build it during hydration (ADR 071).
 */
const unitsAgo = (count: number, unit: Unit): string => {
  if (count === 0) return 'now';
  if (count === 1) return LAST[unit] ?? `1 ${unit} ago`;
  return `${groupDigits(count)} ${unit}s ago`;
};

const parse = (iso: string): number | null => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
};

/**
 * How long ago `iso` was, in words: 'now', '5 minutes ago', 'yesterday', '3 days ago', 'last week',
 * '2 months ago'... Always rounds down, so '23 hours ago' never becomes 'yesterday' early. A time in
 * the future (a skewed clock) reads as 'now'; an unreadable one as ''.
 */
export function timeSince(iso: string, now: number = Date.now()): string {
  const then = parse(iso);
  if (then === null) return '';
  const elapsed = Math.max(0, now - then);
  const ago = (size: number, unit: Unit, min = 0) =>
    unitsAgo(Math.max(min, Math.floor(elapsed / size)), unit);
  if (elapsed < MINUTE) return ago(SECOND, 'second');
  if (elapsed < HOUR) return ago(MINUTE, 'minute');
  if (elapsed < DAY) return ago(HOUR, 'hour');
  if (elapsed < WEEK) return ago(DAY, 'day');
  if (elapsed < 30 * DAY) return ago(WEEK, 'week');
  if (elapsed < YEAR) return ago(MONTH, 'month', 1);
  return ago(YEAR, 'year');
}
