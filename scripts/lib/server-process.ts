/**
 * The production build as the bench and chaos runs start it: built once when missing, copied to a
 * snapshot so a rebuild of dist/ during a long run cannot change what is measured, waited for over
 * HTTP, and stopped gracefully.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const isBuilt = (root: string) =>
  existsSync(path.join(root, 'dist/server/main.js')) &&
  existsSync(path.join(root, 'dist/web/index.html'));

/** Runs `npm run build` when dist/ lacks the server bundle or the web app; else uses it is. */
export function ensureBuild(log: (line: string) => void): void {
  if (isBuilt(ROOT)) return;
  log('No build found: running npm run build once…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/**
 * Copies dist/ and the migrations it applies into `dir`, laid out like the repository, with
 * packages resolving through a node_modules link to the repository's; returns the server entry.
 */
export function snapshotBuild(dir: string): string {
  cpSync(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
  cpSync(path.join(ROOT, 'server/db/migrations'), path.join(dir, 'server/db/migrations'), {
    recursive: true,
  });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  if (!isBuilt(dir)) {
    throw new Error('dist/ is incomplete (a build in progress?): run npm run build and retry');
  }
  return path.join(dir, 'dist/server/main.js');
}

/**
 * The environment both runs start the production build with: production mode on a local port, a
 * throwaway secret, the local payments provider, and the per-address limits raised because the
 * whole load comes from one machine.
 */
export function productionEnv(options: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  logLevel: string;
  appSecret: string;
}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    LOG_LEVEL: options.logLevel,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    APP_SECRET: options.appSecret,
    PAYMENTS_PROVIDER: 'local',
    ALLOW_TEST_PAYMENTS: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    QUESTION_RATE_LIMIT_PER_MINUTE: '1000000',
    MESSAGE_RATE_LIMIT_PER_MINUTE: '1000000',
    // The load's Players ask many questions they never pay for; the limit of a Player's unpaid
    // questions (ADR 082) has its own tests.
    UNPAID_QUESTIONS_PER_PLAYER: '1000000',
  };
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Polls `url` until it answers 2xx; fails early when the child exits. */
export async function waitForHttp(
  url: string,
  child: ChildProcess,
  { timeoutMs = 60_000, intervalMs = 200 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      throw new Error(`process exited during start-up (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** SIGTERM, then SIGKILL when the child has not exited after 10 s. */
export async function stopGracefully(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
  if (timedOut) {
    child.kill('SIGKILL');
    await exited;
  }
}
