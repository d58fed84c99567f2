import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { byTime, keyset } from './keyset';
import { coaches, questions } from './schema';

const cursorOf = (value: string) =>
  Buffer.from(JSON.stringify([value, '6f1c2a3b-1d2e-4f5a-8b6c-7d8e9f0a1b2c'])).toString(
    'base64url',
  );
const page = (value: string) => () =>
  byTime(questions.createdAt, questions.id, 'desc', cursorOf(value));

describe('keyset cursors', () => {
  it('accepts a real timestamp, microseconds and offset included', () => {
    expect(page('2026-02-28 23:59:59.123456+00')).not.toThrow();
    expect(page('2024-02-29 00:00:00+05:30')).not.toThrow();
  });

  it.each([
    '2026-13-01 00:00:00+00',
    '2026-02-30 00:00:00+00',
    '2025-02-29 00:00:00+00',
    '2026-01-01 24:00:00+00',
    '2026-01-01 00:60:00+00',
    '2026-01-01 00:00:61+00',
    '0000-01-01 00:00:00+00',
    '2026-01-01 00:00:00+99',
    '2020-01-01 00:00:00+10:99',
    '2020-01-01 00:00:00+16',
  ])('refuses the impossible time %s with a 400, before PostgreSQL sees it', (value) => {
    expect(page(value)).toThrow(AppError);
    expect(page(value)).toThrow('Invalid page cursor.');
  });
});

describe('integer cursors', () => {
  const byAnswers = (value: string) => () =>
    keyset({
      sort: coaches.answeredCount,
      sortType: 'integer',
      id: coaches.id,
      idType: 'uuid',
      direction: 'desc',
      cursor: cursorOf(value),
    });

  it.each(['0', '-2147483648', '2147483647'])('accepts %s, within the column type', (value) => {
    expect(byAnswers(value)).not.toThrow();
  });

  it.each(['9999999999', '2147483648', '-2147483649', '1.5', '2020-01-01 00:00:00+00'])(
    'refuses %s with a 400, before PostgreSQL sees it',
    (value) => {
      expect(byAnswers(value)).toThrow('Invalid page cursor.');
    },
  );
});
