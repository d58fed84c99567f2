import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_SORTS } from '../contracts/directory';
import { INBOX_FILTERS } from '../contracts/questions';
import { createAdmin } from './modules/admin';
import { signedInUser } from './test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from './test/harness';

/**
 * Every paged endpoint under every sort, with the type of the (sort value, id) its cursor carries
 * (server/db/keyset.ts): a forged cursor is a 400, a real one pages, nothing is a 500 (issue 21).
 */
type Who = 'visitor' | 'coach' | 'player' | 'admin';
interface Paged {
  url: string;
  who: Who;
  sortType: 'integer' | 'timestamptz' | 'text';
  idType: 'uuid' | 'text';
}

const DIRECTORY_SORT_TYPES: Record<(typeof DIRECTORY_SORTS)[number], Paged['sortType']> = {
  rating: 'integer',
  answered: 'integer',
  fastest: 'integer',
  'price-low': 'integer',
  'price-high': 'integer',
  newest: 'timestamptz',
};
const byTime = (url: string, who: Who): Paged => ({
  url,
  who,
  sortType: 'timestamptz',
  idType: 'uuid',
});
const directions = ['asc', 'desc'] as const;

const PAGED: Paged[] = [
  ...DIRECTORY_SORTS.map((sort) => ({
    url: `/api/coaches?sort=${sort}`,
    who: 'visitor' as const,
    sortType: DIRECTORY_SORT_TYPES[sort],
    idType: 'uuid' as const,
  })),
  ...INBOX_FILTERS.map((filter) => byTime(`/api/questions/coach-inbox?filter=${filter}`, 'coach')),
  byTime('/api/questions/mine?', 'player'),
  ...directions.flatMap((direction) => [
    {
      url: `/api/admin/users?sort=created_at&direction=${direction}`,
      who: 'admin' as const,
      sortType: 'timestamptz' as const,
      idType: 'text' as const,
    },
    ...(['name', 'email'] as const).map((sort) => ({
      url: `/api/admin/users?sort=${sort}&direction=${direction}`,
      who: 'admin' as const,
      sortType: 'text' as const,
      idType: 'text' as const,
    })),
    byTime(`/api/admin/questions?direction=${direction}`, 'admin'),
    byTime(`/api/admin/payments?type=payment&direction=${direction}`, 'admin'),
    byTime(`/api/admin/payments?type=payout&direction=${direction}`, 'admin'),
  ]),
  byTime('/api/admin/reports?status=all', 'admin'),
  byTime('/api/admin/disputes?state=all', 'admin'),
  byTime('/api/admin/messages?', 'admin'),
];

const INTEGER_MIN = -(2 ** 31);
const INTEGER_MAX = 2 ** 31 - 1;
const CURSOR_MAX = 400;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const cursorOf = (sort: string, id: string) => encode([sort, id]);
const fitting = (cursor: string) => cursor.length <= CURSOR_MAX;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** A timestamp in PostgreSQL's text form, as a page's last row gives it. */
const pgTimestamp = fc
  .record({
    date: fc.date({
      min: new Date('1000-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    }),
    micros: fc.option(fc.integer({ min: 0, max: 999_999 })),
    sign: fc.constantFrom('+', '-'),
    offsetHours: fc.integer({ min: 0, max: 15 }),
    offsetMinutes: fc.option(fc.integer({ min: 0, max: 59 })),
  })
  .map(({ date, micros, sign, offsetHours, offsetMinutes }) => {
    const d = date;
    const day = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
    const fraction = micros === null ? '' : `.${pad(micros, 6)}`;
    const offset = `${sign}${pad(offsetHours)}${offsetMinutes === null ? '' : `:${pad(offsetMinutes)}`}`;
    return `${day} ${time}${fraction}${offset}`;
  });
const textKey = fc.string({ unit: 'grapheme', maxLength: 20 }).filter((s) => !s.includes('\0'));

const validSort: Record<Paged['sortType'], fc.Arbitrary<string>> = {
  integer: fc.integer({ min: INTEGER_MIN, max: INTEGER_MAX }).map(String),
  timestamptz: pgTimestamp,
  text: textKey,
};
const validId: Record<Paged['idType'], fc.Arbitrary<string>> = { uuid: fc.uuid(), text: textKey };

/** A timestamp's shape with any two digits in each field: month 13, hour 24, offset +10:99. */
const twoDigits = fc.integer({ min: 0, max: 99 }).map((n) => pad(n));
const timestampShaped = fc
  .record({
    year: fc.integer({ min: 0, max: 9999 }).map((n) => pad(n, 4)),
    month: twoDigits,
    day: twoDigits,
    hour: twoDigits,
    minute: twoDigits,
    second: twoDigits,
    offsetHours: twoDigits,
    offsetMinutes: fc.option(twoDigits),
  })
  .map(
    (t) =>
      `${t.year}-${t.month}-${t.day} ${t.hour}:${t.minute}:${t.second}+${t.offsetHours}${t.offsetMinutes === null ? '' : `:${t.offsetMinutes}`}`,
  );

/** Values no cursor of this sort can hold: another sort's type, a number past the column's range. */
const wrongSort: Record<Paged['sortType'], fc.Arbitrary<string>> = {
  integer: fc.oneof(
    fc
      .oneof(
        fc.bigInt({ min: BigInt(INTEGER_MAX) + 1n, max: 10n ** 30n }),
        fc.bigInt({ min: -(10n ** 30n), max: BigInt(INTEGER_MIN) - 1n }),
      )
      .map(String),
    fc.constant('9999999999'),
    fc.double({ noInteger: true }).map(String),
    pgTimestamp,
    fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !/^-?\d+$/.test(s)),
  ),
  timestamptz: fc.oneof(
    fc.constant('2020-01-01 00:00:00+10:99'),
    timestampShaped.filter((s) => /\+(1[6-9]|[2-9]\d)(:\d\d)?$|:[6-9]\d$/.test(s)),
    fc.integer().map(String),
    fc.string({ maxLength: 30 }),
  ),
  // Any text without NUL is a name or an e-mail address to compare with.
  text: fc.string({ maxLength: 20 }).map((s) => `${s}\0`),
};
const wrongId: Record<Paged['idType'], fc.Arbitrary<string>> = {
  uuid: fc.string({ maxLength: 40 }).filter((s) => !/^[0-9a-f-]{36}$/i.test(s)),
  text: fc.string({ maxLength: 20 }).map((s) => `\0${s}`),
};

/** Anything a client could send as a cursor. */
const anyCursor = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('base64url')),
  fc.jsonValue({ maxDepth: 3 }).map(encode),
  fc
    .tuple(
      fc.oneof(timestampShaped, fc.bigInt().map(String), fc.string(), fc.jsonValue()),
      fc.oneof(fc.uuid(), fc.string(), fc.jsonValue()),
    )
    .map(encode),
);

describe(`page cursors on every paged endpoint (${testDatabaseKind})`, () => {
  let t: TestApp;
  const headers: Record<Who, Record<string, string>> = {
    visitor: {},
    coach: {},
    player: {},
    admin: {},
  };

  beforeAll(async () => {
    t = await createTestApp();
    const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Cursor Coach' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/expert',
      headers: { cookie: coach.cookie },
      payload: { name: 'Cursor Coach', expertise: 'Paging', price: 30, acceptedAgreement: true },
    });
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    await createAdmin(t.ctx.database.db, 'cursor-admin', 'a-long-admin-password');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'cursor-admin', password: 'a-long-admin-password' },
    });
    headers.coach = { cookie: coach.cookie };
    headers.player = { cookie: player.cookie };
    headers.admin = { authorization: `Bearer ${login.json().token as string}` };
  });
  afterAll(() => t?.close());

  const read = (paged: Paged, cursor: string) =>
    t.app.inject({
      method: 'GET',
      url: `${paged.url}&cursor=${encodeURIComponent(cursor)}`,
      headers: headers[paged.who],
    });

  describe.each(PAGED.map((paged) => [paged.url, paged] as const))('%s', (_url, paged) => {
    it('pages without a cursor', async () => {
      expect((await read(paged, '')).statusCode).toBe(200);
    });

    it('takes every well-formed cursor of its sort', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc
            .tuple(validSort[paged.sortType], validId[paged.idType])
            .map(([sort, id]) => cursorOf(sort, id))
            .filter(fitting),
          async (cursor) => {
            const res = await read(paged, cursor);
            expect(res.statusCode, res.body).toBe(200);
          },
        ),
        { numRuns: 15 },
      );
    });

    it("refuses a cursor whose value is not its sort's type with a 400", async () => {
      const forged = fc.oneof(
        fc
          .tuple(wrongSort[paged.sortType], validId[paged.idType])
          .map(([sort, id]) => cursorOf(sort, id)),
        fc
          .tuple(validSort[paged.sortType], wrongId[paged.idType])
          .map(([sort, id]) => cursorOf(sort, id)),
      );
      await fc.assert(
        fc.asyncProperty(forged.filter(fitting), async (cursor) => {
          const res = await read(paged, cursor);
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().message).toBe('Invalid page cursor.');
        }),
        { numRuns: 15 },
      );
    });

    it('answers any cursor with a page or a 400, never a 500', async () => {
      await fc.assert(
        fc.asyncProperty(anyCursor.filter(fitting), async (cursor) => {
          const res = await read(paged, cursor);
          expect([200, 400], res.body).toContain(res.statusCode);
        }),
        { numRuns: 25 },
      );
    });
  });

  it("refuses the penetration test's cursors with a 400 on every number and time sort", async () => {
    const uuid = '6f1c2a3b-1d2e-4f5a-8b6c-7d8e9f0a1b2c';
    // Both are fine as text: a page of users by name starts after them.
    for (const paged of PAGED.filter(({ sortType }) => sortType !== 'text')) {
      for (const value of ['9999999999', '2020-01-01 00:00:00+10:99']) {
        const res = await read(paged, cursorOf(value, uuid));
        expect(res.statusCode, `${paged.url} ${value}`).toBe(400);
      }
    }
  });
});
