import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';

describe(`GET /api/health (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports that the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('echoes a request id, taking a well-formed one from the caller', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(res.headers['x-request-id']).toBe('trace-12345678');
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

describe(`GET /api/health when the database is gone (${testDatabaseKind})`, () => {
  it('answers 503 with database down', async () => {
    const t = await createTestApp();
    await t.ctx.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded', database: 'down' });
    await t.close();
  });
});

describe(`GET /api/health/live and /api/health/ready (${testDatabaseKind})`, () => {
  it('are both 200 on a healthy process', async () => {
    const t = await createTestApp();
    try {
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ready',
        database: 'up',
        bus: 'connected',
        shuttingDown: false,
      });
    } finally {
      await t.close();
    }
  });

  it('readiness is 503 once shutdown begins, while liveness stays 200', async () => {
    const t = await createTestApp();
    try {
      t.ctx.lifecycle.drain();
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not-ready', shuttingDown: true });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('readiness is 503 when the database does not answer in time', async () => {
    const t = await createTestApp();
    try {
      t.ctx.database.ping = () => new Promise<boolean>(() => {});
      const started = Date.now();
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not-ready', database: 'down' });
    } finally {
      await t.close();
    }
  });
});
