import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BREAKER_PROBE_INTERVAL_MS, BREAKER_PROBE_TIMEOUT_MS } from './db/breaker';
import type { DatabaseHandle } from './db/client';
import { DEFAULT_DATABASE_LIMITS, type DatabaseLimits } from './db/limits';
import { DatabaseUnavailableError } from './db/unavailable';
import { createTestApp, testDatabaseKind, type TestApp } from './test/harness';
import {
  expectOutageAnswers,
  proxiedDatabase,
  timed,
  type ProxiedDatabase,
} from './test/proxied-database';

/** What the finding asked: a 503 within about a second once the process knows. */
const REFUSED_WITHIN_MS = 1_500;
/** Back once the route is: the probe that is running, the next one, and a request's own time. */
const BACK_WITHIN_MS = BREAKER_PROBE_TIMEOUT_MS + BREAKER_PROBE_INTERVAL_MS + 2_000;
/** Production's limits, so a query left to itself would wait 16 s for its answer. */
const production = (limits: Partial<DatabaseLimits>) => ({ ...DEFAULT_DATABASE_LIMITS, ...limits });

/** What a query ends with: 'answered', 'refused' by the open breaker, or 'failed' otherwise. */
const outcome = (query: Promise<unknown>) =>
  query.then(
    () => 'answered',
    (err: unknown) =>
      // Drizzle wraps a statement's error; a transaction's BEGIN fails unwrapped.
      err instanceof DatabaseUnavailableError ||
      (err instanceof Error && err.cause instanceof DatabaseUnavailableError)
        ? 'refused'
        : 'failed',
  );
const selectOne = (database: DatabaseHandle) => outcome(database.db.execute(sql`select 1`));

// ADR 086. A proxy in front of a database server that drops packets without closing anything.
// PGlite runs in the process and has no network to cut.
describe.runIf(testDatabaseKind === 'postgres')('the database circuit breaker', () => {
  let proxied: ProxiedDatabase;
  let database: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    proxied = await proxiedDatabase();
    database = await proxied.open(production({ poolSize: 3 }));
    t = await createTestApp({}, database);
  });
  afterEach(() => proxied.proxy.set('forward'));
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  // A read that always reaches the database: an unknown Player is a 404 when it answers.
  const read = () => t.app.inject({ method: 'GET', url: `/api/players/${randomUUID()}` });
  const ready = () => t.app.inject({ method: 'GET', url: '/api/health/ready' });

  it('once readiness has seen the database gone, requests get 503 at once; the probe lets them back', async () => {
    // Every pooled connection open and idle, as in a running server.
    const transaction = () => outcome(database.db.transaction((tx) => tx.execute(sql`select 1`)));
    expect(await Promise.all([transaction(), transaction(), transaction()])).toEqual([
      'answered',
      'answered',
      'answered',
    ]);
    expect((await read()).statusCode).toBe(404);

    await proxied.proxy.set('blackhole');
    const check = await ready();
    expect(check.statusCode).toBe(503);
    expect(check.json()).toMatchObject({ database: 'down' });

    const requests = await Promise.all([1, 2, 3, 4, 5].map(() => timed(read)));
    expectOutageAnswers(requests, REFUSED_WITHIN_MS);
    // A transaction is refused before it takes a connection, as every caller of the pool is.
    const refused = await timed(transaction);
    expect(refused.result).toBe('refused');
    expect(refused.ms).toBeLessThan(REFUSED_WITHIN_MS);

    // The route comes back: the breaker's own probe closes it, no readiness check needed.
    await proxied.proxy.set('forward');
    const back = await timed(() =>
      expect
        .poll(async () => (await read()).statusCode, { timeout: BACK_WITHIN_MS, interval: 100 })
        .toBe(404),
    );
    expect(back.ms).toBeLessThan(BACK_WITHIN_MS);
    expect((await ready()).statusCode).toBe(200);
  }, 60_000);

  const opensWithoutReadiness = [
    {
      name: 'a connection that cannot be opened',
      // No connection yet: the first query must open one through the dead route.
      limits: production({ poolSize: 2, connectTimeoutMs: 1_000 }),
      warm: false,
    },
    {
      name: 'a query that got no answer at all',
      // A connection already open, and a read timeout of 2 s (the statement timeout and a margin).
      limits: production({ poolSize: 1, statementTimeoutMs: 1_000 }),
      warm: true,
    },
  ];
  for (const { name, limits, warm } of opensWithoutReadiness) {
    it(`${name} opens it too, without a readiness check`, async () => {
      const pool = await proxied.open(limits);
      if (warm) expect(await selectOne(pool)).toBe('answered');
      await proxied.proxy.set('blackhole');
      expect(await selectOne(pool)).toBe('failed');
      const next = await timed(() => selectOne(pool));
      expect(next.result).toBe('refused');
      expect(next.ms).toBeLessThan(100);
      await proxied.proxy.set('forward');
      await expect
        .poll(() => selectOne(pool), { timeout: BACK_WITHIN_MS, interval: 100 })
        .toBe('answered');
    }, 30_000);
  }
});
