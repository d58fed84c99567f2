import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { confirmationLink, cookieHeader, PASSWORD, signIn, signUp } from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';

describe(`sign-up, confirmation and sign-in (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // The product's scrypt, which this file proves: the other API tests hash passwords fast.
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }, undefined, undefined, {
      productPasswords: true,
    });
  });
  afterAll(() => t.close());

  it('sends a confirmation mail, refuses sign-in until confirmed, then signs in', async () => {
    const email = 'jordan@example.test';
    const res = await signUp(t.app, { name: 'Jordan Lee', email });
    expect(res.statusCode).toBe(200);
    expect(cookieHeader(res)).not.toContain('session_token');

    const refused = await signIn(t.app, email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/not verified/i);

    const link = new URL(await confirmationLink(t.ctx, email));
    expect(link.pathname).toBe('/api/auth/verify-email');
    const confirmed = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(confirmed.statusCode).toBeLessThan(400);

    const ok = await signIn(t.app, email);
    expect(ok.statusCode).toBe(200);
    const setCookie = String(ok.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { cookie: cookieHeader(ok) },
    });
    expect(account.json()).toMatchObject({ user: { email, name: 'Jordan Lee' }, roles: [] });
  });

  it('refuses sign-up without the terms and privacy agreement, creating nobody', async () => {
    const res = await signUp(t.app, {
      name: 'No Tick',
      email: 'notick@example.test',
      acceptTerms: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Agreement required: Please agree to the terms and conditions and privacy policy.',
    );
    const users = await t.ctx.database.db.query.users.findMany();
    expect(users.map((u) => u.email)).not.toContain('notick@example.test');
  });

  it('stores the password hashed with scrypt, never in clear', async () => {
    const rows = await t.ctx.database.db.query.accounts.findMany();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.password).not.toContain(PASSWORD);
      // better-auth's scrypt: a 16-byte salt and a 64-byte key, in hex.
      expect(row.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    }
  });

  it('refuses a wrong password with the provider message', async () => {
    const res = await signIn(t.app, 'jordan@example.test', 'wrong-password-1');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/invalid email or password/i);
  });

  it('limits sign-in attempts per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await signIn(t.app, 'nobody@example.test', PASSWORD, '10.7.7.7')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another address is not affected.
    expect((await signIn(t.app, 'nobody@example.test', PASSWORD, '10.7.7.8')).statusCode).toBe(401);
  });

  it('signs out, and the cookie stops working at once', async () => {
    const ok = await signIn(t.app, 'jordan@example.test', PASSWORD, '10.7.7.9');
    expect(ok.statusCode).toBe(200);
    const cookie = cookieHeader(ok);
    // Nothing about a session is cached (ADR 033): signing out counts on the next request.
    const before = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(before.json().user).not.toBeNull();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(after.json().user).toBeNull();
    // The reads that check the session in their own statement refuse it too.
    const badge = await t.app.inject({
      method: 'GET',
      url: '/api/questions/unread-count',
      headers: { cookie },
    });
    expect(badge.statusCode).toBe(401);
  });

  it("refuses a session cookie whose signature is not the server's", async () => {
    const ok = await signIn(t.app, 'jordan@example.test', PASSWORD, '10.7.7.10');
    const cookie = cookieHeader(ok);
    const [name, value] = cookie.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0];
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { cookie: forged },
    });
    expect(account.json().user).toBeNull();
    const badge = await t.app.inject({
      method: 'GET',
      url: '/api/questions/unread-count',
      headers: { cookie: forged },
    });
    expect(badge.statusCode).toBe(401);
    const genuine = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(genuine.json().user).toMatchObject({ email: 'jordan@example.test' });
  });

  it('extends a session used after a day, as better-auth would', async () => {
    const ok = await signIn(t.app, 'jordan@example.test', PASSWORD, '10.7.7.11');
    const cookie = cookieHeader(ok);
    const { db } = t.ctx.database;
    const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    const session = await db.query.sessions.findFirst({ where: (s, { eq }) => eq(s.token, token) });
    expect(session).toBeDefined();
    // Signed in two days ago: due for an extension (updateAge is one day).
    const twoDays = 2 * 24 * 60 * 60 * 1000;
    const aged = new Date(session!.expiresAt.getTime() - twoDays);
    await db.update(sessions).set({ expiresAt: aged }).where(eq(sessions.token, token));
    const badge = await t.app.inject({
      method: 'GET',
      url: '/api/questions/unread-count',
      headers: { cookie },
    });
    expect(badge.statusCode).toBe(200);
    const after = await db.query.sessions.findFirst({ where: (s, { eq }) => eq(s.token, token) });
    expect(after!.expiresAt.getTime()).toBeGreaterThan(aged.getTime() + twoDays / 2);
  });
});

describe(`names on accounts (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const emails = async () => (await t.ctx.database.db.query.users.findMany()).map((u) => u.email);

  it.each([
    ['empty', '   '],
    ['101 characters', 'n'.repeat(101)],
    ['500,000 characters', 'n'.repeat(500_000)],
    ['a script', '<script>alert(1)</script>'],
    ['an event handler', 'Sam onload=alert(1)'],
  ])('refuses a sign-up whose name is %s, creating nobody', async (_what, name) => {
    const email = `name-${Math.random().toString(36).slice(2)}@example.test`;
    const res = await signUp(t.app, { name, email });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode === 400)
      expect(res.json().message).toMatch(/Name must be 1-100|not allowed/);
    expect(await emails()).not.toContain(email);
  });

  it('strips angle brackets from a sign-up name and checks a name change the same way', async () => {
    const email = 'brackets@example.test';
    expect((await signUp(t.app, { name: 'Sam <b>Bold</b>', email })).statusCode).toBe(200);
    const user = (await t.ctx.database.db.query.users.findMany()).find((u) => u.email === email);
    expect(user?.name).toBe('Sam bBold/b');
    const confirmed = new URL(await confirmationLink(t.ctx, email));
    await t.app.inject({ method: 'GET', url: confirmed.pathname + confirmed.search });
    const cookie = cookieHeader(await signIn(t.app, email));
    const rename = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { cookie, origin: 'http://localhost:3000' },
        payload: { name },
      });
    const refused = await rename('x'.repeat(101));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Name must be 1-100 characters');
    expect((await rename('Sam Renamed')).statusCode).toBe(200);
  });

  it('removes direction-override characters from a sign-up name and a name change (issue 36)', async () => {
    const email = 'overrides@example.test';
    const signedUp = await signUp(t.app, { name: 'Sam \u202egnp.exe\u202c', email });
    expect(signedUp.statusCode).toBe(200);
    const stored = async () =>
      (await t.ctx.database.db.query.users.findMany()).find((u) => u.email === email)?.name;
    expect(await stored()).toBe('Sam gnp.exe');
    const confirmed = new URL(await confirmationLink(t.ctx, email));
    await t.app.inject({ method: 'GET', url: confirmed.pathname + confirmed.search });
    const cookie = cookieHeader(await signIn(t.app, email));
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: { name: '\u2067Sam\u2069 Lee' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await stored()).toBe('Sam Lee');
  });
});
