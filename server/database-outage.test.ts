import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PING_TIMEOUT_MS, type DatabaseHandle } from './db/client';
import { isDatabaseUnavailable } from './db/unavailable';
import { createTestApp, testDatabaseKind, type TestApp } from './test/harness';
import {
  expectOutageAnswers,
  proxiedDatabase,
  timed,
  type ProxiedDatabase,
} from './test/proxied-database';
import type { TcpProxy } from './test/tcp-proxy';

// Short limits, so an outage shows in a test's time; production's are in DEFAULT_DATABASE_LIMITS.
const limits = { poolSize: 3, connectTimeoutMs: 1_000, statementTimeoutMs: 1_000 };
/** The longest a request may wait: a connection attempt, then the read timeout, and some slack. */
const ANSWER_WITHIN_MS = limits.connectTimeoutMs + limits.statementTimeoutMs + 2_000;

// A proxy in front of a database server; PGlite runs in the process and has no network to cut.
describe.runIf(testDatabaseKind === 'postgres')('while the database is unavailable', () => {
  let proxied: ProxiedDatabase;
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    proxied = await proxiedDatabase();
    proxy = proxied.proxy;
    database = await proxied.open(limits);
    t = await createTestApp({}, database);
  });
  afterEach(() => proxy.set('forward'));
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  // A read that always reaches the database: an unknown Player is a 404 when it answers.
  const read = () => t.app.inject({ method: 'GET', url: `/api/players/${randomUUID()}` });
  const signIn = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'player@example.com', password: 'a long enough password' },
    });
  const health = () => t.app.inject({ method: 'GET', url: '/api/health' });
  const transaction = () => database.db.transaction((tx) => tx.execute(sql`select 1`));

  const outages = [
    { mode: 'refuse', name: 'the server refuses' },
    { mode: 'blackhole', name: 'the network drops everything, then delivers it late' },
    { mode: 'blackhole', name: 'the network drops everything and loses the connections' },
  ] as const;
  for (const [index, { mode, name }] of outages.entries()) {
    it(`${name}: requests get 503 with Retry-After in time, and all recovers`, async () => {
      // Every pooled connection open and idle, as in a running server.
      await Promise.all([transaction(), transaction(), transaction()]);
      expect((await read()).statusCode).toBe(404);

      await proxy.set(mode);
      // A transaction fails as unavailable, and hands no stuck connection back to the pool.
      const failed = await timed(() =>
        transaction().then(
          () => undefined,
          (err: unknown) => err,
        ),
      );
      expect(isDatabaseUnavailable(failed.result)).toBe(true);
      expect(failed.ms).toBeLessThan(ANSWER_WITHIN_MS);

      const requests = await Promise.all([1, 2, 3, 4].map(() => timed(read)));
      expectOutageAnswers(requests, ANSWER_WITHIN_MS);
      // better-auth answers its own failures with a bare 500; the app turns it into the outage's.
      const auth = await timed(signIn);
      expect(auth.result.statusCode).toBe(503);
      expect(auth.result.headers['retry-after']).toBe('5');
      expect(auth.ms).toBeLessThan(ANSWER_WITHIN_MS + PING_TIMEOUT_MS);
      const check = await timed(health);
      expect(check.result.statusCode).toBe(503);
      expect(check.result.json()).toEqual({ status: 'degraded', database: 'down' });
      expect(check.ms).toBeLessThan(PING_TIMEOUT_MS + 500);
      if (index === 2) proxy.forgetStalled();
      await proxy.set('forward');
      await expect.poll(async () => (await read()).statusCode, { timeout: 10_000 }).toBe(404);
      expect((await health()).statusCode).toBe(200);
      // The whole pool works again: no connection from the outage is left waiting.
      const again = await timed(() => Promise.all([transaction(), transaction(), transaction()]));
      expect(again.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }, 60_000);
  }
});
