import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema';
import { PASSWORD, signIn } from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { redisHitCounter, type HitCounter } from './counter';

/**
 * REDIS_URL (ADR 051): the limits count in Redis. CI starts Redis and sets REDIS_TEST_URL
 * (`.ci/run`, `scripts/test.mjs`); where it is not set these tests do not run.
 */
const redisUrl = process.env.REDIS_TEST_URL;
const LIMIT = 3;

describe.runIf(redisUrl)(`rate limits in Redis (${testDatabaseKind})`, () => {
  // Keys of this run only, so that runs side by side on one Redis do not share counts.
  const prefix = `playbook-test:${randomBytes(6).toString('hex')}:`;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    const env = {
      AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: prefix,
    };
    // Two processes with a database each: only Redis can make them agree.
    one = await createTestApp(env);
    two = await createTestApp(env);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('counts sign-ins of one address on two processes towards one limit', async () => {
    expect(one.ctx.limits.store).toBe('redis');
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const app = i % 2 ? two.app : one.app;
      statuses.push((await signIn(app, 'nobody@example.test', PASSWORD, '10.9.0.1')).statusCode);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429]);
    const refused = await signIn(two.app, 'nobody@example.test', PASSWORD, '10.9.0.1');
    expect(refused.json().message).toBe('Too many requests. Please try again later.');
    // Nothing was counted in either database.
    for (const t of [one, two]) {
      expect(await t.ctx.database.db.select().from(rateLimits)).toEqual([]);
    }
  });

  it('counts a route limit of one address on two processes towards one limit', async () => {
    const contact = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/contact', payload: {}, remoteAddress: '10.9.0.2' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await contact(i % 2 ? two : one)).statusCode);
    // Contact allows 5 a minute.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });
});

describe.runIf(redisUrl)('the Redis counter', () => {
  let counter: HitCounter;
  const key = `window-${randomBytes(6).toString('hex')}`;
  beforeAll(() => {
    counter = redisHitCounter(redisUrl!, 'playbook-test:', pino({ level: 'silent' }));
  });
  afterAll(() => counter.close());

  it('counts within a window and starts afresh when the key expires', async () => {
    const first = await counter.count(key, 300);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(0);
    expect(first.resetInMs).toBeLessThanOrEqual(300);
    expect((await counter.count(key, 300)).count).toBe(2);
    await sleep(350);
    expect((await counter.count(key, 300)).count).toBe(1);
  });

  it('answers concurrent hits each with its own count', async () => {
    const hits = await Promise.all(
      Array.from({ length: 20 }, () => counter.count(`${key}-many`, 60_000)),
    );
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
});
