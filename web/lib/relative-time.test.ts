import { describe, expect, it } from 'vitest';
import { timeSince } from './relative-time';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('timeSince', () => {
  it('reads a moment ago as now', () => {
    expect(timeSince(ago(0), NOW)).toBe('now');
    expect(timeSince(ago(400), NOW)).toBe('now');
  });

  it('counts seconds, minutes and hours', () => {
    expect(timeSince(ago(30 * SECOND), NOW)).toBe('30 seconds ago');
    expect(timeSince(ago(MINUTE), NOW)).toBe('1 minute ago');
    expect(timeSince(ago(5 * MINUTE), NOW)).toBe('5 minutes ago');
    expect(timeSince(ago(59 * MINUTE + 59 * SECOND), NOW)).toBe('59 minutes ago');
    expect(timeSince(ago(HOUR), NOW)).toBe('1 hour ago');
    expect(timeSince(ago(2 * HOUR), NOW)).toBe('2 hours ago');
    expect(timeSince(ago(23 * HOUR + 59 * MINUTE), NOW)).toBe('23 hours ago');
  });

  it('uses words for the day before', () => {
    expect(timeSince(ago(DAY), NOW)).toBe('yesterday');
    expect(timeSince(ago(30 * HOUR), NOW)).toBe('yesterday');
    expect(timeSince(ago(3 * DAY), NOW)).toBe('3 days ago');
    expect(timeSince(ago(6 * DAY), NOW)).toBe('6 days ago');
  });

  it('moves to weeks, months and years', () => {
    expect(timeSince(ago(7 * DAY), NOW)).toBe('last week');
    expect(timeSince(ago(15 * DAY), NOW)).toBe('2 weeks ago');
    expect(timeSince(ago(29 * DAY), NOW)).toBe('4 weeks ago');
    expect(timeSince(ago(30 * DAY), NOW)).toBe('last month');
    expect(timeSince(ago(75 * DAY), NOW)).toBe('2 months ago');
    expect(timeSince(ago(364 * DAY), NOW)).toBe('11 months ago');
    expect(timeSince(ago(365 * DAY), NOW)).toBe('last year');
    expect(timeSince(ago(3 * 365 * DAY), NOW)).toBe('3 years ago');
  });

  it('treats a future time as now and an unreadable one as empty', () => {
    expect(timeSince(new Date(NOW + 5 * MINUTE).toISOString(), NOW)).toBe('now');
    expect(timeSince('not a date', NOW)).toBe('');
  });

  it('defaults to the current time', () => {
    expect(timeSince(new Date(Date.now() - 2 * HOUR).toISOString())).toBe('2 hours ago');
  });
});
