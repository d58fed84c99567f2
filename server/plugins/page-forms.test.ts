import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_ACCESS_CODE } from '../../contracts/beta';
import { coachPath } from '../../contracts/coach-slug';
import * as renderer from '../../web/entry-server';
import { BETA_COOKIE, betaToken } from '../modules/beta/access-token';
import { cookieHeader, PASSWORD, signedInUser } from '../test/accounts';
import { insertCoach } from '../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/harness';
import { CROSS_SITE_MESSAGE } from './csrf';

const CODE = 'kickoff-2026';
const SECRET = 'page-forms-test-secret-0123456789abcdef';
const ORIGIN = 'http://localhost:3000';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };
const admitted = `${BETA_COOKIE}=${betaToken(SECRET, CODE)}`;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The web app served from the source: the page template and the server renderer (ADR 026). */
async function webApp(env: Record<string, string>) {
  const webRoot = await mkdtemp(path.join(tmpdir(), 'playbook-web-'));
  await copyFile(
    path.join(import.meta.dirname, '../../web/index.html'),
    path.join(webRoot, 'index.html'),
  );
  const t = await createTestApp({ APP_SECRET: SECRET, ...env }, undefined, { webRoot, renderer });
  return {
    t,
    close: async () => {
      await t.close();
      await rm(webRoot, { recursive: true, force: true });
    },
  };
}

describe(`HEAD on every page (${testDatabaseKind})`, () => {
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, close } = await webApp({}));
  });
  afterAll(() => close());

  it('answers as GET would, with the same status and headers and no body', async () => {
    const coach = await insertCoach(t.ctx.database.db, { name: 'Head Coach' });
    const pages = ['/', '/coaches', coachPath(coach), '/about', '/auth', '/forgot-password'];
    for (const url of [...pages, '/asker-inbox', '/no-such-page']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.body, url).toBe('');
      // Only the date and the request's own id may differ.
      const same = (headers: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(headers).filter(([name]) => !['date', 'x-request-id'].includes(name)),
        );
      expect(same(head.headers), url).toEqual(same(get.headers));
    }
    for (const url of pages) {
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode, url).toBe(200);
    }
  });

  it('still answers 404 to HEAD and POST on API paths that do not exist', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/api/nothing' })).statusCode).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/nothing',
      headers: FORM,
      payload: form({ form: 'beta-access', code: CODE }),
    });
    expect(post.statusCode).toBe(404);
  });
});

describe(`the beta gate without the app (${testDatabaseKind})`, () => {
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, close } = await webApp({ BETA_ACCESS_CODE: CODE }));
  });
  afterAll(() => close());

  let address = 0;
  const from = () => `10.1.0.${++address}`;

  it('renders the gate as a form the server takes, on server-rendered and shell pages', async () => {
    for (const url of ['/', '/about', '/forgot-password', '/asker-inbox']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Private beta');
      expect(res.body, url).toMatch(/<form[^>]* method="post"/);
      expect(res.body, url).toContain('name="code"');
    }
  });

  it('admits the ?access=CODE link: the cookie, then the same page without the code', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/coaches?q=tennis&access=${CODE}`,
      remoteAddress: from(),
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/coaches?q=tennis');
    const cookie = res.cookies.find((c) => c.name === BETA_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const page = await t.app.inject({
      method: 'GET',
      url: '/coaches?q=tennis',
      headers: { cookie: cookieHeader(res) },
    });
    expect(page.body).not.toContain('Private beta');
  });

  it("shows 'Invalid access code' for a wrong ?access= code and sets no cookie", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/about?access=guess',
      remoteAddress: from(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(INVALID_ACCESS_CODE);
    expect(res.cookies.find((c) => c.name === BETA_COOKIE)).toBeUndefined();
  });

  it('admits the posted form and redirects to the same page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/about',
      // As Chromium sends a plain form under `Referrer-Policy: no-referrer`.
      headers: { ...FORM, origin: 'null', 'sec-fetch-site': 'same-origin' },
      payload: form({ form: 'beta-access', code: ` ${CODE} ` }),
      remoteAddress: from(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/about');
    expect(res.cookies.find((c) => c.name === BETA_COOKIE)?.value).toBe(betaToken(SECRET, CODE));
  });

  it("refuses a wrong posted code with 'Invalid access code', keeping what was typed", async () => {
    for (const code of ['not-the-code', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/',
        headers: FORM,
        payload: form({ form: 'beta-access', code }),
        remoteAddress: from(),
      });
      expect(res.statusCode, code).toBe(200);
      expect(res.body, code).toContain(
        `<p role="alert" class="font-semibold text-white">${INVALID_ACCESS_CODE}</p>`,
      );
      expect(res.body, code).toContain(`value="${code}"`);
      expect(res.cookies.find((c) => c.name === BETA_COOKIE)).toBeUndefined();
    }
  });

  it('shares the API route’s limit of 10 guesses a minute per address', async () => {
    const address = from();
    const guess = () =>
      t.app.inject({
        method: 'POST',
        url: '/',
        headers: FORM,
        payload: form({ form: 'beta-access', code: 'guess' }),
        remoteAddress: address,
      });
    for (let i = 0; i < 10; i++) expect((await guess()).body).toContain(INVALID_ACCESS_CODE);
    const limited = await guess();
    expect(limited.body).not.toContain(INVALID_ACCESS_CODE);
    expect(limited.body).toContain('Rate limit exceeded');
    const right = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: FORM,
      payload: form({ form: 'beta-access', code: CODE }),
      remoteAddress: address,
    });
    expect(right.statusCode).toBe(200);
    expect(right.cookies.find((c) => c.name === BETA_COOKIE)).toBeUndefined();
  });

  it('refuses the form from another origin, with or without cookies', async () => {
    for (const headers of [
      { ...FORM, origin: 'https://evil.example' },
      { ...FORM, origin: 'https://evil.example', cookie: admitted },
      { 'content-type': FORM['content-type'], 'sec-fetch-site': 'cross-site' },
      { 'content-type': FORM['content-type'], origin: 'null', 'sec-fetch-site': 'cross-site' },
      { 'content-type': FORM['content-type'], origin: 'null' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/',
        headers,
        payload: form({ form: 'beta-access', code: CODE }),
        remoteAddress: from(),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(CROSS_SITE_MESSAGE);
    }
  });

  it('answers anything but a page form as a route that does not exist', async () => {
    const bodies = [
      {
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        payload: '{"form":"beta-access","code":"x"}',
      },
      { headers: FORM, payload: form({ code: CODE }) },
      { headers: FORM, payload: form({ form: 'no-such-form' }) },
      { headers: FORM, payload: form({ form: 'sign-in', email: 'a@b.test', password: 'x' }) },
    ];
    for (const { headers, payload } of bodies) {
      const res = await t.app.inject({ method: 'POST', url: '/about', headers, payload });
      expect(res.statusCode, payload).toBe(404);
    }
  });

  it('refuses a form body over 16 KB and control characters in it', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: FORM,
      payload: form({ form: 'beta-access', code: 'x'.repeat(17 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    const control = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: FORM,
      payload: form({ form: 'beta-access', code: 'a\u0000b' }),
    });
    expect(control.statusCode).toBe(400);
  });
});

describe(`signing in without the app (${testDatabaseKind})`, () => {
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, close } = await webApp({}));
  });
  afterAll(() => close());

  const post = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: FORM,
      payload: form({ form: 'sign-in', ...fields }),
    });

  it('serves the sign-in page rendered, its form posting to itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth?mode=signin&redirect=/coaches' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<form[^>]* method="post"/);
    for (const name of ['form', 'email', 'password', 'asCoach']) {
      expect(res.body).toContain(`name="${name}"`);
    }
  });

  it('signs in and redirects where the visitor was going, with the session cookie', async () => {
    const user = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const res = await post('/auth?mode=signin&redirect=%2Fasker-inbox', {
      email: user.email,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/asker-inbox');
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { cookie: cookieHeader(res) },
    });
    expect(account.json().user.email).toBe(user.email);
    // Signed in, the sign-in page sends them on.
    const again = await t.app.inject({
      method: 'GET',
      url: '/auth?redirect=%2Fpayments',
      headers: { cookie: cookieHeader(res) },
    });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/payments');
  });

  it('never redirects to another site', async () => {
    const user = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const res = await post('/auth?redirect=%2F%2Fevil.example', {
      email: user.email,
      password: PASSWORD,
    });
    expect(res.headers.location).toBe('/');
  });

  it('signs a Coach in as a Coach when asked, and offers a Player the Coach role', async () => {
    const coach = await signedInUser(t.app, t.ctx, { roles: ['asker', 'expert'] });
    const asCoach = await post('/auth', { email: coach.email, password: PASSWORD, asCoach: 'on' });
    expect(asCoach.headers.location).toBe('/');
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { cookie: cookieHeader(asCoach) },
    });
    expect(account.json().activeRole).toBe('expert');
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const res = await post('/auth', { email: player.email, password: PASSWORD, asCoach: 'on' });
    expect(res.headers.location).toBe('/become-a-pro');
  });

  it("refuses a wrong password with better-auth's message, keeping the e-mail but not the password", async () => {
    const user = await signedInUser(t.app, t.ctx);
    const res = await post('/auth', { email: user.email, password: 'wrong-password-1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Invalid email or password');
    expect(res.body).toContain(`value="${user.email}"`);
    expect(res.body).not.toContain('wrong-password-1');
    expect(res.cookies).toEqual([]);
  });

  it('shows the sign-in form’s own messages for missing fields', async () => {
    const res = await post('/auth', { email: '', password: '' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Email is required');
    expect(res.body).toContain('Password is required');
    const invalid = await post('/auth', { email: 'not-an-address', password: 'x' });
    expect(invalid.body).toContain('Please enter a valid email address');
  });

  it('never fails with a 5xx nor signs in on hostile fields (hostile input)', async () => {
    const user = await signedInUser(t.app, t.ctx);
    const field = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom(user.email, `${user.email}\u0000`, "' OR 1=1 --", '<script>', '%00', '[]'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('email', 'password', 'asCoach', 'form', 'x', '__proto__'),
          field,
        ),
        fc.constantFrom('/auth', '/', '/about', '/auth?redirect=%2F%2Fevil.example'),
        async (fields, url) => {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: FORM,
            payload: form({ form: 'sign-in', ...fields }),
          });
          expect(res.statusCode, JSON.stringify(fields)).toBeLessThan(500);
          expect(res.cookies.some((c) => c.name.includes('session_token'))).toBe(false);
        },
      ),
      { numRuns: 40 },
    );
  });
});
