import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createContext } from '../../bootstrap';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase, testDatabaseKind } from '../../test/harness';

describe(`POST /api/not-found-reports (${testDatabaseKind})`, () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const logger = pino({ level: 'info' }, sink);
    database = await openTestDatabase();
    app = await buildApp(await createContext(config, logger, database), {
      webRoot: '/nonexistent',
      logger,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('writes the unknown path to the server log with the request id', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/not-found-reports',
      payload: { path: '/no/such/page' },
      headers: { 'x-request-id': 'req-not-found-1' },
    });
    expect(res.statusCode).toBe(204);
    const entry = lines.find((line) => line.msg === 'page not found');
    expect(entry).toMatchObject({ path: '/no/such/page', requestId: 'req-not-found-1', level: 40 });
  });

  it('refuses a report without a path', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/not-found-reports', payload: {} });
    expect(res.statusCode).toBe(400);
  });
});
