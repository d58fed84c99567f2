import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { SERVICE_UNAVAILABLE } from '../../contracts/api-error';
import { openDatabase, type DatabaseHandle, type OpenOptions } from '../db/client';
import { openTestDatabase } from './harness';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/** How long `run` took, in milliseconds, with its result. */
export async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await run();
  return { result, ms: performance.now() - start };
}

/** Requests, timed, that each got the outage's 503 (ADR 045) within `withinMs`. */
export function expectOutageAnswers(
  requests: readonly { result: LightMyRequestResponse; ms: number }[],
  withinMs: number,
): void {
  for (const { result, ms } of requests) {
    expect(result.statusCode).toBe(503);
    expect(result.headers['retry-after']).toBe('5');
    expect(result.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: SERVICE_UNAVAILABLE,
    });
    expect(ms).toBeLessThan(withinMs);
  }
}

export interface ProxiedDatabase {
  proxy: TcpProxy;
  /** Opens a pool that reaches the test database through the proxy; `close` closes it. */
  open(limits: OpenOptions['limits']): Promise<DatabaseHandle>;
  close(): Promise<void>;
}

/**
 * A test database on TEST_DATABASE_URL's server behind a TCP proxy the test can cut (PostgreSQL
 * only: PGlite runs in the process and has no network).
 */
export async function proxiedDatabase(): Promise<ProxiedDatabase> {
  const direct = await openTestDatabase();
  const url = new URL(direct.url ?? '');
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  const pools: DatabaseHandle[] = [];
  return {
    proxy,
    async open(limits) {
      const pool = await openDatabase({ url: url.toString() }, { limits, migrate: false });
      pools.push(pool);
      return pool;
    },
    async close() {
      // First the proxy: a lost connection would keep a pool's goodbye waiting.
      await proxy.close();
      for (const pool of pools) await pool.close();
      await direct.close();
    },
  };
}
