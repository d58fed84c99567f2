import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { ROOT, waitForHttp } from '../scripts/lib/server-process';
import { childArgs } from './test/children';
import { migratedDataDir, openTestDatabase, testDatabaseKind } from './test/harness';
import { openSse } from './test/sse';

/**
 * Long enough that the readiness request below lands inside it on a loaded machine (it took 714 ms
 * once with the suite's two lanes beside it), short enough to leave the exit well inside 10 s.
 */
const DRAIN_MS = 3_000;

/** A POST whose body arrives in two parts: in flight from its first part until `finish`. */
function slowRequest(base: string, body: string) {
  const request = http.request(`${base}/api/not-found-reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<number>((resolve, reject) => {
    request.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  const sent = new Promise<void>((resolve) => request.write(body.slice(0, half), () => resolve()));
  return {
    /** The headers and half the body have left for the server. */
    sent,
    finish() {
      request.end(body.slice(half));
      return response;
    },
  };
}

describe(`SIGTERM with an SSE stream and a request in flight (${testDatabaseKind})`, () => {
  it('turns not ready at once, ends the stream with a retry hint, finishes the request and exits 0 within 10 s', async () => {
    const database = testDatabaseKind === 'postgres' ? await openTestDatabase() : null;
    const dataDir = await migratedDataDir('playbook-shutdown-');
    const child = spawn(process.execPath, childArgs('server'), {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      // PORT=0: the server prints the port it was given.
      const started = Date.now();
      while (!/running at http:\/\/localhost:\d+/.test(output)) {
        if (child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
        if (Date.now() - started > 60_000) throw new Error(`no start within 60 s:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const port = /running at http:\/\/localhost:(\d+)/.exec(output)![1];
      const base = `http://127.0.0.1:${port}`;
      await waitForHttp(`${base}/api/health/ready`, child);
      expect((await fetch(`${base}/api/health/live`)).status).toBe(200);

      const stream = await openSse(`${base}/api/events`);
      await stream.until((received) => received.includes('retry:'));
      const inFlight = slowRequest(base, JSON.stringify({ path: '/a-page-that-is-not-there' }));
      // Its first half has left; the server, accepting through the drain period, will take it.
      await inFlight.sent;

      const signalled = Date.now();
      child.kill('SIGTERM');
      // The stream ends at once, last with a retry hint the browser's EventSource obeys.
      expect(await stream.ended).toMatch(/retry: \d+\n\n$/);
      // Readiness says 503 while the process still answers, for the drain period.
      const ready = await fetch(`${base}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'not-ready', shuttingDown: true });

      // After the drain period the server accepts nothing new, yet the request in flight finishes.
      await expect
        .poll(
          () =>
            fetch(`${base}/api/health/live`).then(
              () => 'accepted',
              () => 'refused',
            ),
          {
            timeout: 10_000,
            interval: 100,
          },
        )
        .toBe('refused');
      expect(await inFlight.finish()).toBe(204);

      const [code] = await exited;
      expect(code).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
      await database?.close();
    }
  }, 90_000);
});
