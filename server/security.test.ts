import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, users } from './db/schema';
import { createAdmin } from './modules/admin/service';
import { CROSS_SITE_MESSAGE } from './plugins/csrf';
import { PASSWORD, signedInUser, signUp } from './test/accounts';
import { insertCoach } from './test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from './test/harness';

const ORIGIN = 'http://localhost:3000';

describe(`security headers, cookies, CSRF and rate limits (${testDatabaseKind})`, () => {
  let t: TestApp;
  let player: Awaited<ReturnType<typeof signedInUser>>;
  let coachId = '';
  const ask = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { cookie: player.cookie, ...headers },
      payload: {
        coachId,
        playerName: 'Pat',
        question: 'Is this request from your own page?',
        pledge: true,
        acceptedConsents: true,
      },
    });
  const askedCount = async () =>
    (
      await t.ctx.database.db
        .select()
        .from(questions)
        .where(eq(questions.question, 'Is this request from your own page?'))
    ).length;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: ORIGIN });
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    coachId = (await insertCoach(t.ctx.database.db)).id;
  });
  afterAll(() => t.close());

  it('sends a CSP without inline scripts, no framing, nosniff and HSTS on API and pages', async () => {
    for (const url of ['/api/health', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("media-src 'self' blob:");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}; includeSubDomains/);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('answers a signed-in API request with Cache-Control: no-store, and leaves a visitor’s public read to its route (issue 36)', async () => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });
    const signedIn = { cookie: player.cookie };
    for (const url of ['/api/account', '/api/questions/mine', '/api/coaches/newest']) {
      expect((await get(url, signedIn)).headers['cache-control']).toBe('no-store');
    }
    // A refusal too: an unknown token on an administrator's route, a session on a Coach's.
    const refused = await get('/api/admin/stats', { authorization: 'Bearer not-a-token' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await get('/api/payouts', signedIn)).headers['cache-control']).toBe('no-store');
    // Nothing signed in: the public reads `server/cache/` serves keep their own headers (none).
    for (const url of ['/api/coaches/newest', '/api/coaches?q=coach', '/api/config']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });

  it('lists the administrator routes in /api/openapi.json only to an administrator (issue 36)', async () => {
    await createAdmin(t.ctx.database.db, 'openapi-admin', 'a-long-admin-password');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'openapi-admin', password: 'a-long-admin-password' },
    });
    const admin = { authorization: `Bearer ${login.json().token as string}` };
    const pathsFor = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers });
      expect(res.statusCode).toBe(200);
      return Object.keys(res.json().paths as Record<string, unknown>);
    };
    const isAdminRoute = (path: string) => path.startsWith('/api/admin/');

    const asAdmin = await pathsFor(admin);
    expect(asAdmin.filter(isAdminRoute)).toEqual(
      expect.arrayContaining(['/api/admin/users', '/api/admin/users/{id}/suspend']),
    );
    for (const headers of [
      {} as Record<string, string>,
      { cookie: player.cookie },
      { authorization: 'Bearer not-a-token' },
      // A user's session is never an administrator's, whatever else the request carries.
      { cookie: player.cookie, authorization: player.cookie },
    ]) {
      const paths = await pathsFor(headers);
      expect(paths.filter(isAdminRoute)).toEqual([]);
      // Everything else is the same description.
      expect(paths).toEqual(asAdmin.filter((path) => !isAdminRoute(path)));
      expect(JSON.stringify(await pathsFor(headers))).not.toContain('/api/admin');
    }
  });

  it('sets the session cookie httpOnly and SameSite=Lax, and Secure behind TLS', async () => {
    // Signs up and in, skipping the e-mail round trip: this test is about the cookie's flags.
    const sessionCookie = async (app: TestApp, origin: string) => {
      const email = `cookie-${Date.now()}@example.test`;
      await signUp(app.app, { name: 'Cookie Check', email });
      await app.ctx.database.db
        .update(users)
        .set({ emailVerified: true })
        .where(eq(users.email, email));
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: PASSWORD },
        headers: { origin },
      });
      expect(res.statusCode).toBe(200);
      return String(res.headers['set-cookie']);
    };
    const plain = await sessionCookie(t, ORIGIN);
    expect(plain).toMatch(/HttpOnly/i);
    expect(plain).toMatch(/SameSite=Lax/i);
    expect(plain).not.toMatch(/Secure/);

    const tls = await createTestApp({ PUBLIC_URL: 'https://playbook.example' });
    try {
      const secure = await sessionCookie(tls, 'https://playbook.example');
      expect(secure).toMatch(/Secure/);
      expect(secure).toMatch(/HttpOnly/i);
      expect(secure).toMatch(/SameSite=Lax/i);
    } finally {
      await tls.close();
    }
  });

  it('refuses a cookie-authenticated write from another origin, changing nothing', async () => {
    const before = await askedCount();
    const evil = await ask({ origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().message).toBe(CROSS_SITE_MESSAGE);
    const nullOrigin = await ask({ origin: 'null' });
    expect(nullOrigin.statusCode).toBe(403);
    // A hidden origin (a sandboxed frame) counts as the site Sec-Fetch-Site names.
    const nullCrossSite = await ask({ origin: 'null', 'sec-fetch-site': 'cross-site' });
    expect(nullCrossSite.statusCode).toBe(403);
    const crossSite = await ask({ 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(await askedCount()).toBe(before);

    expect((await ask({ origin: ORIGIN })).statusCode).toBe(201);
    // The same host under another name (an IP, say) is the same site.
    expect(
      (await ask({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' })).statusCode,
    ).toBe(201);
    expect((await ask({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    // Chromium hides the origin of a plain form's POST under our `Referrer-Policy: no-referrer`.
    expect((await ask({ origin: 'null', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect(await askedCount()).toBe(before + 4);
  });

  it('lets reads and cookie-less writes through whatever their origin', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { cookie: player.cookie, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/not-found-reports',
      headers: { origin: 'https://evil.example' },
      payload: { path: '/somewhere' },
    });
    expect(contact.statusCode).toBe(204);
  });

  it('limits sign-up per address', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          remoteAddress: '10.88.0.1',
          payload: {
            name: 'Rate Limited',
            email: `limited-${i}-${Date.now()}@example.test`,
            password: PASSWORD,
            acceptTerms: true,
          },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, 3).every((s) => s < 400)).toBe(true);
      // Another address is not affected.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '10.88.0.2',
        payload: {
          name: 'Elsewhere',
          email: `elsewhere-${Date.now()}@example.test`,
          password: PASSWORD,
          acceptTerms: true,
        },
      });
      expect(other.statusCode).toBeLessThan(400);
    } finally {
      await limited.close();
    }
  });
});
