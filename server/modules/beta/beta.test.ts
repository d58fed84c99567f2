import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_ACCESS_CODE } from '../../../contracts/beta';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { BETA_REQUIRED_MESSAGE } from './gate';

const CODE = 'kickoff-2026';

const cookieFrom = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'beta_access');

describe(`beta gate (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BETA_ACCESS_CODE: CODE });
  });
  afterAll(() => t.close());

  it('says the gate is closed for a new visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/beta' });
    expect(res.json()).toEqual({ required: true, granted: false });
  });

  it('refuses API requests without the cookie, but not health or config', async () => {
    const blocked = await t.app.inject({ method: 'GET', url: '/api/coaches/newest' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(BETA_REQUIRED_MESSAGE);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  });

  it('gates every API route however its path is encoded or cased', async () => {
    const open = new Set([
      '/api/health',
      '/api/health/live',
      '/api/health/ready',
      '/api/beta',
      '/api/config',
    ]);
    const routes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !open.has(r.url) && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(30);
    const hex = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
    const variants = (path: string) => [
      path,
      // Each letter of 'api', percent-encoded (lower and upper hex), and all three at once.
      path.replace('/api/', `/${hex('a').toLowerCase()}pi/`),
      path.replace('/api/', `/a${hex('p')}i/`),
      path.replace('/api/', `/${[...'api'].map(hex).join('')}/`),
      // The first letter after /api/ encoded, so a check on the prefix alone would pass it.
      path.replace(/^\/api\/(\w)/, (_m, c: string) => `/api/${hex(c)}`),
      // Double-encoded and mixed case: never an API route, but never a way past the gate either.
      path.replace('/api/', '/%2561pi/'),
      path.replace('/api/', '/API/'),
      path.replace('/api/', '/Api/'),
    ];
    for (const route of routes) {
      const path = route.url
        .replace(/:(\w+)/g, (_m, name: string) =>
          name === 'id' ? '00000000-0000-4000-8000-000000000000' : 'x',
        )
        .replace('*', 'get-session');
      for (const url of variants(path)) {
        const res = await t.app.inject({ method: route.method as 'GET', url });
        const where = `${route.method} ${url}`;
        expect(res.statusCode, where).not.toBeLessThan(300);
        expect(res.statusCode, where).toBeLessThan(500);
        // An API route's answer without the cookie is the gate's 403, whatever the spelling.
        if (res.statusCode !== 404) expect(res.json().message, where).toBe(BETA_REQUIRED_MESSAGE);
      }
    }
  });

  it("rejects a wrong code with 'Invalid access code' and sets no cookie", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/beta',
      payload: { code: 'wrong' },
      remoteAddress: '10.0.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_ACCESS_CODE);
    expect(cookieFrom(res)).toBeUndefined();
  });

  it('admits the right code with an httpOnly cookie the API then accepts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/beta',
      payload: { code: `  ${CODE} ` },
      remoteAddress: '10.0.0.2',
    });
    expect(res.statusCode).toBe(204);
    const cookie = cookieFrom(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).not.toContain(CODE);
    const cookies = { beta_access: cookie?.value ?? '' };
    const status = await t.app.inject({ method: 'GET', url: '/api/beta', cookies });
    expect(status.json()).toEqual({ required: true, granted: true });
    const api = await t.app.inject({ method: 'GET', url: '/api/coaches/newest', cookies });
    expect(api.statusCode).toBe(200);
  });

  it('refuses a forged cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/coaches/newest',
      cookies: { beta_access: 'granted' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('limits guessing to 10 attempts a minute per address', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/beta',
        payload: { code: 'guess' },
        remoteAddress: '10.0.0.3',
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().statusCode).toBe(429);
  });
});

describe(`without BETA_ACCESS_CODE (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the gate is off and the API is open', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/beta' });
    expect(status.json()).toEqual({ required: false, granted: true });
    const api = await t.app.inject({ method: 'GET', url: '/api/coaches/newest' });
    expect(api.statusCode).toBe(200);
  });
});
