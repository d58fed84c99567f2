import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts, sessions, users } from './db/schema';
import { openSecret, sealSecret } from './modules/admin/totp';
import { createAdmin } from './modules/admin/service';
import {
  verifiedToken,
  withCurrentCookieSignature,
  withCurrentTokenSignature,
} from './modules/auth/rotated-signatures';
import { SIGN_UP_COOKIE, signUpCookie, startedSignUp } from './modules/auth/signup-browser';
import { BETA_COOKIE, betaToken } from './modules/beta/access-token';
import { confirmationLink, cookieHeader, signIn, signUp, signedInUser } from './test/accounts';
import { createTestApp, openTestDatabase, testDatabaseKind, type TestApp } from './test/harness';

const OLD = 'old-secret-rotated-out-of-service-0001';
const NEW = 'new-secret-signing-everything-from-now';
const OTHER = 'another-secret-that-never-signed-a-thing';

/** The same database seen before the rotation, during it (old secret listed) and after it. */
async function rotation(env: Record<string, string> = {}) {
  const database = await openTestDatabase();
  const before = await createTestApp({ ...env, APP_SECRET: OLD }, database);
  const rotated = await createTestApp(
    { ...env, APP_SECRET: NEW, APP_SECRET_PREVIOUS: `${OTHER},${OLD}` },
    database,
  );
  const dropped = await createTestApp({ ...env, APP_SECRET: NEW }, database);
  return {
    before,
    rotated,
    dropped,
    database,
    async close() {
      for (const t of [before, rotated, dropped]) await t.close();
      await database.close();
    },
  };
}

const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data);
/** better-call's signed cookie value, as the browser sends it. */
const signedCookie = (secret: string, token: string) =>
  encodeURIComponent(`${token}.${hmac(secret, token).digest('base64')}`);

describe('signatures checked against the secrets still accepted', () => {
  it('re-signs a session cookie a previous secret signed, and leaves any other alone', () => {
    const header = `a=1; session=${signedCookie(OLD, 'tok')}; b=2`;
    expect(withCurrentCookieSignature(header, 'session', [NEW, OLD])).toBe(
      `a=1; session=${signedCookie(NEW, 'tok')}; b=2`,
    );
    expect(withCurrentCookieSignature(header, 'session', [NEW])).toBe(header);
    const current = `session=${signedCookie(NEW, 'tok')}`;
    expect(withCurrentCookieSignature(current, 'session', [NEW, OLD])).toBe(current);
    expect(withCurrentCookieSignature('session=%E0%A4%A', 'session', [NEW, OLD])).toBe(
      'session=%E0%A4%A',
    );
  });

  it('reads the session token under any accepted secret, none other', () => {
    const cookie = decodeURIComponent(signedCookie(OLD, 'tok'));
    expect(verifiedToken(cookie, [NEW, OLD])).toBe('tok');
    expect(verifiedToken(cookie, [NEW])).toBeNull();
  });

  it('re-signs an HS256 token a previous secret signed', () => {
    const data = 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0';
    const signed = (secret: string) => `${data}.${hmac(secret, data).digest('base64url')}`;
    expect(withCurrentTokenSignature(signed(OLD), [NEW, OLD])).toBe(signed(NEW));
    expect(withCurrentTokenSignature(signed(OLD), [NEW])).toBe(signed(OLD));
    expect(withCurrentTokenSignature(signed(NEW), [NEW, OLD])).toBe(signed(NEW));
  });

  it("accepts the sign-up browser's mark under any accepted secret, and marks with the current", () => {
    const markOf = (secret: string) => hmac(secret, 'sign-up:user-1').digest('base64url');
    expect(startedSignUp([NEW, OLD], markOf(OLD), 'user-1')).toBe(true);
    expect(startedSignUp([NEW], markOf(OLD), 'user-1')).toBe(false);
    expect(signUpCookie(NEW, 'user-1', false)).toContain(`${SIGN_UP_COOKIE}=${markOf(NEW)};`);
  });

  it('opens a TOTP secret sealed with any accepted secret; seals with the current', () => {
    const sealed = sealSecret(OLD, 'JBSWY3DPEHPK3PXP');
    expect(openSecret([NEW, OLD], sealed)).toEqual({ secret: 'JBSWY3DPEHPK3PXP', stale: true });
    expect(openSecret([NEW, OLD], sealSecret(NEW, 'JBSWY3DPEHPK3PXP')).stale).toBe(false);
    expect(() => openSecret([NEW], sealed)).toThrow();
  });
});

describe(`rotating APP_SECRET (${testDatabaseKind})`, () => {
  let r: Awaited<ReturnType<typeof rotation>>;
  beforeAll(async () => {
    r = await rotation();
  });
  afterAll(() => r.close());

  const account = (t: TestApp, cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
  const getSession = (t: TestApp, cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });

  it('keeps a user signed in before the rotation signed in, until the old secret is dropped', async () => {
    const user = await signedInUser(r.before.app, r.before.ctx);
    const after = await account(r.rotated, user.cookie);
    expect(after.statusCode).toBe(200);
    expect(after.json().user.id).toBe(user.userId);
    // better-auth's own endpoints see the cookie as signed with the current secret.
    expect((await getSession(r.rotated, user.cookie)).json()?.user.id).toBe(user.userId);
    expect((await account(r.dropped, user.cookie)).json().user).toBeNull();
    expect((await getSession(r.dropped, user.cookie)).json()).toBeNull();
  });

  it('lets better-auth extend a session whose cookie the old secret signed', async () => {
    const user = await signedInUser(r.before.app, r.before.ctx);
    const db = r.database.db;
    // Signed in 29 days ago: better-auth's updateAge (a day) has long passed.
    const due = sql`now() + interval '1 day'`;
    await db.update(sessions).set({ expiresAt: due }).where(eq(sessions.userId, user.userId));
    expect((await account(r.rotated, user.cookie)).json().user.id).toBe(user.userId);
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it('signs new sessions with the new secret only', async () => {
    const user = await signedInUser(r.rotated.app, r.rotated.ctx);
    expect((await account(r.dropped, user.cookie)).json().user.id).toBe(user.userId);
    expect((await account(r.before, user.cookie)).json().user).toBeNull();
  });

  it('confirms an address from a link the old secret signed, in the browser that signed up', async () => {
    const confirm = async (t: TestApp, email: string) => {
      const signedUp = await signUp(r.before.app, { name: 'Rotating', email });
      const browser = cookieHeader(signedUp);
      const link = new URL(await confirmationLink(r.before.ctx, email));
      const res = await t.app.inject({
        method: 'GET',
        url: link.pathname + link.search,
        headers: { cookie: browser },
      });
      const [row] = await r.database.db.select().from(users).where(eq(users.email, email));
      return { verified: row?.emailVerified, cookies: cookieHeader(res) };
    };
    const kept = await confirm(r.rotated, 'rotated-link@example.test');
    expect(kept.verified).toBe(true);
    // The sign-up browser's mark (old secret) is recognised: the session is kept, the mark cleared.
    expect(kept.cookies).toContain('session_token=');
    expect(kept.cookies).toContain(`${SIGN_UP_COOKIE}=`);
    const refused = await confirm(r.dropped, 'dropped-link@example.test');
    expect(refused.verified).toBe(false);
    expect(refused.cookies).not.toContain('session_token=');
  });

  it('signs new confirmation links with the new secret', async () => {
    const email = 'new-link@example.test';
    await signUp(r.rotated.app, { name: 'New link', email });
    const link = new URL(await confirmationLink(r.rotated.ctx, email));
    await r.before.app.inject({ method: 'GET', url: link.pathname + link.search });
    const verified = async () =>
      (await r.database.db.select().from(users).where(eq(users.email, email)))[0]?.emailVerified;
    expect(await verified()).toBe(false);
    await r.dropped.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(await verified()).toBe(true);
    expect((await signIn(r.dropped.app, email)).statusCode).toBe(200);
  });

  it("opens an administrator's TOTP secret sealed with the old secret, sealing it again with the new", async () => {
    const PASSWORD = 'a-long-admin-password';
    const db = r.database.db;
    const login = (t: TestApp, username: string, code?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username, password: PASSWORD, ...(code ? { code } : {}) },
      });
    const codeFor = (secret: string, steps = 0) =>
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({
        timestamp: Date.now() + steps * 30_000,
      });
    await createAdmin(db, 'rotating-admin', PASSWORD);
    const token = (await login(r.before, 'rotating-admin')).json().token as string;
    const call = (t: TestApp, url: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    const { secret } = (await call(r.before, '/api/admin/totp/setup')).json();
    expect(
      (await call(r.rotated, '/api/admin/totp/enable', { code: codeFor(secret, -1) })).statusCode,
    ).toBe(204);
    expect((await login(r.rotated, 'rotating-admin', codeFor(secret))).statusCode).toBe(200);
    // Used once, it is sealed again with the new secret: the old one can now be dropped.
    const [used] = await db
      .select()
      .from(adminAccounts)
      .where(eq(adminAccounts.username, 'rotating-admin'));
    expect(openSecret([NEW], used!.totpSecret!).secret).toBe(secret);
    expect((await login(r.dropped, 'rotating-admin', codeFor(secret, 1))).statusCode).toBe(200);

    await createAdmin(db, 'new-admin', PASSWORD);
    const newToken = (await login(r.rotated, 'new-admin')).json().token as string;
    await r.rotated.app.inject({
      method: 'POST',
      url: '/api/admin/totp/setup',
      headers: { authorization: `Bearer ${newToken}` },
    });
    const [row] = await db
      .select()
      .from(adminAccounts)
      .where(eq(adminAccounts.username, 'new-admin'));
    expect(() => openSecret([NEW], row!.totpPendingSecret!)).not.toThrow();
    expect(() => openSecret([OLD], row!.totpPendingSecret!)).toThrow();
  });
});

describe(`rotating APP_SECRET behind the beta gate (${testDatabaseKind})`, () => {
  const CODE = 'rotation-beta';
  let r: Awaited<ReturnType<typeof rotation>>;
  beforeAll(async () => {
    r = await rotation({ BETA_ACCESS_CODE: CODE });
  });
  afterAll(() => r.close());

  const status = (t: TestApp, cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/beta', headers: { cookie } });
  const gated = (t: TestApp, cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/coaches/newest', headers: { cookie } });

  it('lets in a visitor who entered the code before the rotation, until the old secret is dropped', async () => {
    const entered = await r.before.app.inject({
      method: 'POST',
      url: '/api/beta',
      payload: { code: CODE },
    });
    const cookie = cookieHeader(entered);
    expect(cookie).toBe(`${BETA_COOKIE}=${betaToken(OLD, CODE)}`);
    expect((await status(r.rotated, cookie)).json()).toEqual({ required: true, granted: true });
    expect((await gated(r.rotated, cookie)).statusCode).toBe(200);
    expect((await status(r.dropped, cookie)).json()).toEqual({ required: true, granted: false });
    expect((await gated(r.dropped, cookie)).statusCode).toBe(403);
  });

  it('gives a visitor entering the code now a cookie of the new secret', async () => {
    const entered = await r.rotated.app.inject({
      method: 'POST',
      url: '/api/beta',
      payload: { code: CODE },
    });
    expect(cookieHeader(entered)).toBe(`${BETA_COOKIE}=${betaToken(NEW, CODE)}`);
  });
});
