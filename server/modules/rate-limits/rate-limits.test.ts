import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { rateLimits } from '../../db/schema';
import { PASSWORD, signIn } from '../../test/accounts';
import {
  createTestApp,
  openTestDatabase,
  testDatabaseKind,
  type TestApp,
} from '../../test/harness';
import { countHit, pruneRateLimits } from './data';

const LIMIT = 4;

describe(`rate limits across processes (${testDatabaseKind})`, () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) };
    one = await createTestApp(env, database);
    two = await createTestApp(env, database);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await database.close();
  });

  /** Sends `request` `limit` times alternating between the two processes, then once more on each. */
  async function splitAcrossProcesses(
    limit: number,
    request: (app: App) => ReturnType<typeof signIn>,
  ) {
    const within: number[] = [];
    for (let i = 0; i < limit; i++)
      within.push((await request(i % 2 ? two.app : one.app)).statusCode);
    return { within, over: [await request(one.app), await request(two.app)] };
  }

  it('counts sign-ins of one address on every process towards one limit', async () => {
    const { within, over } = await splitAcrossProcesses(LIMIT, (app) =>
      signIn(app, 'nobody@example.test', PASSWORD, '10.8.0.1'),
    );
    expect(within).toEqual(Array(LIMIT).fill(401));
    for (const refused of over) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many requests. Please try again later.');
    }
    // Another address has its own count.
    expect((await signIn(two.app, 'nobody@example.test', PASSWORD, '10.8.0.2')).statusCode).toBe(
      401,
    );
  });

  it('counts a route limit of one address on every process towards one limit', async () => {
    // Contact allows 5 a minute; validation failures count as much as messages.
    const contact = (app: App) =>
      app.inject({ method: 'POST', url: '/api/contact', payload: {}, remoteAddress: '10.8.0.3' });
    const { within, over } = await splitAcrossProcesses(5, contact);
    expect(within).toEqual(Array(5).fill(400));
    for (const refused of over) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/rate limit exceeded/i);
    }
  });
});

describe(`the rate_limits table (${testDatabaseKind})`, () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('starts a new window once the last one has passed', async () => {
    expect((await countHit(database.db, 'window-test', 60_000)).count).toBe(1);
    expect((await countHit(database.db, 'window-test', 60_000)).count).toBe(2);
    await database.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '61 seconds'` })
      .where(eq(rateLimits.key, 'window-test'));
    const fresh = await countHit(database.db, 'window-test', 60_000);
    expect(fresh.count).toBe(1);
    expect(fresh.resetInMs).toBeGreaterThan(59_000);
  });

  it('prunes windows long over and keeps current ones', async () => {
    await countHit(database.db, 'old', 60_000);
    await countHit(database.db, 'current', 60_000);
    await database.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '2 hours'` })
      .where(eq(rateLimits.key, 'old'));
    await pruneRateLimits(database.db);
    const keys = (await database.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).toContain('current');
    expect(keys).not.toContain('old');
  });
});
