const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30.4375 * DAY;
const YEAR = 365 * DAY;

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const monthYearFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

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
  const ago = (size: number, unit: Intl.RelativeTimeFormatUnit, min = 0) => {
    const count = Math.max(min, Math.floor(elapsed / size));
    return relative.format(count === 0 ? 0 : -count, unit);
  };
  if (elapsed < MINUTE) return ago(SECOND, 'second');
  if (elapsed < HOUR) return ago(MINUTE, 'minute');
  if (elapsed < DAY) return ago(HOUR, 'hour');
  if (elapsed < WEEK) return ago(DAY, 'day');
  if (elapsed < 30 * DAY) return ago(WEEK, 'week');
  if (elapsed < YEAR) return ago(MONTH, 'month', 1);
  return ago(YEAR, 'year');
}

/** Spec §9: month and year in en-US, e.g. 'November 2026'; '' when `iso` is unreadable. */
export function monthYear(iso: string): string {
  const time = parse(iso);
  return time === null ? '' : monthYearFormat.format(time);
}
