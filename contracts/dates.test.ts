import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatUtcDate,
  formatUtcDateTime,
  formatUtcLongDate,
  formatUtcShortMonth,
} from './dates';

// Node's ICU puts a narrow no-break space before AM/PM; the written-out dates use a plain one.
const intl = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat('en-US', options);
  return (time: number) => format.format(time).replace(/\u202f/g, ' ');
};

/** A spread of moments over three centuries, with every hour and minute and both ends of a month. */
const moments = Array.from({ length: 400 }, (_, i) =>
  Date.UTC(1900 + ((i * 37) % 300), i % 12, 1 + ((i * 7) % 31), i % 24, (i * 13) % 60),
);

describe('dates written out without Intl', () => {
  it.each([
    ['formatDate', formatDate, { dateStyle: 'medium' }],
    ['formatMonthYear', formatMonthYear, { month: 'long', year: 'numeric' }],
    ['formatUtcDate', formatUtcDate, { dateStyle: 'medium', timeZone: 'UTC' }],
    ['formatUtcLongDate', formatUtcLongDate, { dateStyle: 'long', timeZone: 'UTC' }],
    [
      'formatUtcShortMonth',
      formatUtcShortMonth,
      { month: 'short', year: 'numeric', timeZone: 'UTC' },
    ],
  ] as const)('%s says what Intl says in en-US', (_, format, options) => {
    const expected = intl(options);
    for (const time of moments) expect(format(time)).toBe(expected(time));
  });

  it('names a deadline in UTC with its zone, as e-mails and pages both show it', () => {
    const expected = intl({
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    });
    for (const time of moments) expect(formatUtcDateTime(time)).toBe(expected(time));
    expect(formatUtcDateTime('2026-11-28T15:00:00.000Z')).toBe('Nov 28, 2026, 3:00 PM UTC');
    expect(formatUtcDateTime('2026-11-28T00:05:00.000Z')).toBe('Nov 28, 2026, 12:05 AM UTC');
  });

  it("names a moment in the reader's time zone with the zone, as the UTC of an e-mail is named", () => {
    const zone = process.env.TZ;
    try {
      for (const [tz, name] of [
        ['UTC', 'UTC'],
        ['Europe/Paris', 'GMT+1'],
        ['America/New_York', 'GMT-5'],
        ['Asia/Kolkata', 'GMT+5:30'],
      ] as const) {
        process.env.TZ = tz;
        // Made after the zone is set: a formatter keeps the zone it was made in.
        const expected = intl({ dateStyle: 'medium', timeStyle: 'short' });
        const winter = Date.UTC(2026, 0, 15, 9, 30);
        expect(formatDateTime(winter)).toBe(`${expected(winter)} ${name}`);
      }
      process.env.TZ = 'Europe/Paris';
      // Summer time moves the offset, and the name with it.
      expect(formatDateTime('2026-07-01T12:00:00.000Z')).toBe('Jul 1, 2026, 2:00 PM GMT+2');
      process.env.TZ = 'UTC';
      expect(formatDateTime('2026-11-28T15:00:00.000Z')).toBe(
        formatUtcDateTime('2026-11-28T15:00:00.000Z'),
      );
    } finally {
      process.env.TZ = zone;
    }
  });

  it('shows the month and year of a Coach or Player since (spec §9)', () => {
    expect(formatMonthYear('2026-11-15T12:00:00.000Z')).toBe('November 2026');
    expect(formatMonthYear('2025-03-10T08:30:00.000Z')).toBe('March 2025');
  });

  it('is empty for a value that is not a date', () => {
    for (const format of [formatDate, formatDateTime, formatMonthYear, formatUtcDateTime]) {
      expect(format('')).toBe('');
      expect(format('soon')).toBe('');
    }
  });
});
