import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { PASSWORD, signIn } from '../../test/accounts';
import {
  createTestApp,
  openTestDatabase,
  testDatabaseKind,
  type TestApp,
} from '../../test/harness';

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

  /** Sends `request` LIMIT times alternating between the two processes, then once more on each. */
  async function splitAcrossProcesses(request: (app: App) => Promise<{ statusCode: number }>) {
    const within: number[] = [];
    for (let i = 0; i < LIMIT; i++)
      within.push((await request(i % 2 ? two.app : one.app)).statusCode);
    return { within, overOne: await request(one.app), overTwo: await request(two.app) };
  }

  it('counts sign-ins of one address on every process towards one limit', async () => {
    const { within, overOne, overTwo } = await splitAcrossProcesses((app) =>
      signIn(app, 'nobody@example.test', PASSWORD, '10.8.0.1'),
    );
    expect(within).toEqual(Array(LIMIT).fill(401));
    for (const over of [overOne, overTwo]) {
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe('Too many requests. Please try again later.');
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
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await contact(i % 2 ? two.app : one.app)).statusCode);
    expect(statuses).toEqual(Array(5).fill(400));
    for (const app of [one.app, two.app]) {
      const over = await contact(app);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(/rate limit exceeded/i);
    }
  });
});
