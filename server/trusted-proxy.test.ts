import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from './db/schema';
import { PASSWORD, signedInUser } from './test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from './test/harness';

/** The address a proxy in front of the app connects from, and the client it speaks for. */
const PROXY = '10.0.0.5';
const LIMIT = 10;
/**
 * better-auth keeps its sign-in counts per process, not per app: each case signs in as a client of
 * its own.
 */
let clients = 0;
const nextClient = () => `203.0.113.${++clients}`;

/** A failed sign-in arriving from `remoteAddress` with the given X-Forwarded-For. */
const wrongSignIn = (t: TestApp, remoteAddress: string, xff: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: 'nobody@example.test', password: 'wrong-password' },
    remoteAddress,
    headers: { origin: 'http://localhost:3000', 'x-forwarded-for': xff },
  });

/** How many of `count` failed sign-ins were answered rather than refused as too many. */
async function answeredSignIns(count: number, send: (i: number) => ReturnType<typeof wrongSignIn>) {
  let answered = 0;
  for (let i = 0; i < count; i++) if ((await send(i)).statusCode !== 429) answered++;
  return answered;
}

/**
 * Issue 21: with `TRUST_PROXY=true` a client named its own address in X-Forwarded-For and walked
 * past every per-address limit, or claimed to be this machine. With a hop count or a proxy list,
 * only what a trusted proxy appended counts: the rightmost entry behind one proxy.
 */
describe.each([
  ['1', PROXY],
  [PROXY, PROXY],
  // A proxy on the same machine: its connection is loopback, the client it speaks for is not.
  ['1', '127.0.0.1'],
])(`TRUST_PROXY=%s, proxy connecting from %s (${testDatabaseKind})`, (setting, proxy) => {
  let t: TestApp;
  let address = 0;
  const CLIENT = nextClient();
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: setting, AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(() => t.close());

  const forwarded = (xff: string, remoteAddress = proxy) => ({
    remoteAddress,
    headers: { origin: 'http://localhost:3000', 'x-forwarded-for': xff },
  });
  const rotated = () => `198.51.100.${++address % 250}`;

  it('does not let a rotated X-Forwarded-For escape the sign-in limit', async () => {
    const answered = await answeredSignIns(3 * LIMIT, () =>
      wrongSignIn(t, proxy, `${rotated()}, ${CLIENT}`),
    );
    expect(answered).toBe(LIMIT);
    // Another client behind the same proxy keeps its own allowance.
    const other = await wrongSignIn(t, proxy, `${rotated()}, ${nextClient()}`);
    expect(other.statusCode).toBe(401);
  });

  it('keys the other rate limits on the same address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: {},
        ...forwarded(`${rotated()}, ${CLIENT}`),
      });
      statuses.push(res.statusCode);
    }
    // The contact form allows 5 a minute; the refused bodies still count.
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });

  it('never opens the dev mailbox for a forwarded 127.0.0.1', async () => {
    for (const [xff, remoteAddress] of [
      [`127.0.0.1, ${CLIENT}`, proxy],
      ['127.0.0.1', CLIENT],
      ['::1', CLIENT],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        ...forwarded(xff, remoteAddress),
      });
      expect(res.statusCode, `${xff} from ${remoteAddress}`).toBe(404);
    }
  });

  it('records the address the proxy reported on the session', async () => {
    const user = await signedInUser(t.app, t.ctx);
    await t.ctx.database.db.delete(sessions).where(eq(sessions.userId, user.userId));
    const client = nextClient();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: PASSWORD },
      ...forwarded(`127.0.0.1, ${client}`),
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.ctx.database.db
      .select({ ip: sessions.ipAddress })
      .from(sessions)
      .where(eq(sessions.userId, user.userId));
    expect(rows).toEqual([{ ip: client }]);
  });
});

describe(`TRUST_PROXY=${PROXY}: a client that is not the proxy (${testDatabaseKind})`, () => {
  let t: TestApp;
  const CLIENT = nextClient();
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: PROXY, AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(() => t.close());

  it('is limited by its own address whatever it forwards', async () => {
    const answered = await answeredSignIns(2 * LIMIT, (i) =>
      wrongSignIn(t, CLIENT, `198.51.100.${i}`),
    );
    expect(answered).toBe(LIMIT);
  });
});
