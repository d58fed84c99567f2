/**
 * Dates in en-US words, written out by hand like `groupDigits`: a page's first `Intl` formatter
 * loads locale data, about 25 ms of main thread (100 ms on Lighthouse's 4× slower phone), which the
 * public pages paid during hydration as soon as a module built one at import (ADR 071). The results
 * are Intl's en-US ones (dates.test.ts compares them), except that a time has a plain space before
 * AM/PM: Node's ICU writes a narrow no-break space there and browsers do not, so server HTML and the
 * hydrated page would differ.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A moment's calendar and clock fields, read in UTC or in the reader's own time zone. */
interface Fields {
  year: number;
  /** 0 for January. */
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

const utcFields = (d: Date): Fields => ({
  year: d.getUTCFullYear(),
  month: d.getUTCMonth(),
  day: d.getUTCDate(),
  hours: d.getUTCHours(),
  minutes: d.getUTCMinutes(),
});

const localFields = (d: Date): Fields => ({
  year: d.getFullYear(),
  month: d.getMonth(),
  day: d.getDate(),
  hours: d.getHours(),
  minutes: d.getMinutes(),
});

const monthName = (f: Fields) => MONTHS[f.month] ?? '';
const shortMonth = (f: Fields) => monthName(f).slice(0, 3);

/** 'Nov 26, 2026' */
const mediumDate = (f: Fields) => `${shortMonth(f)} ${f.day}, ${f.year}`;
/** '4:05 PM' */
const shortTime = (f: Fields) =>
  `${f.hours % 12 || 12}:${String(f.minutes).padStart(2, '0')} ${f.hours < 12 ? 'AM' : 'PM'}`;

/** A Date, an ISO string or epoch milliseconds; null when it is not a date. */
const toDate = (at: Date | string | number): Date | null => {
  const date = at instanceof Date ? at : new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
};

const formatter =
  (fields: (d: Date) => Fields, format: (f: Fields) => string) =>
  (at: Date | string | number): string => {
    const date = toDate(at);
    return date ? format(fields(date)) : '';
  };

/**
 * The reader's time zone at that moment, named one way everywhere (issue 36): 'UTC' at no offset,
 * else the offset from it, 'GMT+1', 'GMT-5', 'GMT+5:30'. Written out, not Intl's names (ADR 071),
 * which differ by zone ('EST', 'GMT+1', 'GMT' in London): an offset is what a reader can compare
 * with the UTC an e-mail names.
 */
const zoneAt = (d: Date): string => {
  const east = -d.getTimezoneOffset();
  if (east === 0) return 'UTC';
  const minutes = Math.abs(east) % 60;
  return `GMT${east > 0 ? '+' : '-'}${Math.floor(Math.abs(east) / 60)}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
};

/** 'Nov 26, 2026' in the reader's time zone; '' for a value that is not a date. */
export const formatDate = formatter(localFields, mediumDate);
/**
 * 'Nov 26, 2026, 4:05 PM GMT+1': a moment in the reader's time zone, the zone named; '' for a
 * value that is not a date.
 */
export const formatDateTime = (at: Date | string | number): string => {
  const date = toDate(at);
  if (!date) return '';
  const f = localFields(date);
  return `${mediumDate(f)}, ${shortTime(f)} ${zoneAt(date)}`;
};
/** 'November 2026' in the reader's time zone (spec §9); '' for a value that is not a date. */
export const formatMonthYear = formatter(localFields, (f) => `${monthName(f)} ${f.year}`);

/** 'Nov 26, 2026' in UTC: the same on every server and browser. */
export const formatUtcDate = formatter(utcFields, mediumDate);
/** 'November 26, 2026' in UTC: receipts and statements. */
export const formatUtcLongDate = formatter(utcFields, (f) => `${monthName(f)} ${f.day}, ${f.year}`);
/** 'Nov 2026' in UTC: an earnings month. */
export const formatUtcShortMonth = formatter(utcFields, (f) => `${shortMonth(f)} ${f.year}`);
/** 'Nov 28, 2026, 3:00 PM UTC': a moment both an e-mail and a page name alike. */
export const formatUtcDateTime = formatter(
  utcFields,
  (f) => `${mediumDate(f)}, ${shortTime(f)} UTC`,
);
