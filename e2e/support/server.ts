import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, stopGracefully, waitForHttp } from '../../scripts/lib/server-process';
import {
  E2E_APP_SECRET,
  E2E_BETA_CODE,
  E2E_INSTAGRAM_URL,
  MIGRATED_DATA_DIR_ENV,
  SEEDED_DATA_DIR_ENV,
} from './constants';

/** A server left behind by an interrupted run would answer the health check in this one's place. */
async function assertPortFree(port: number): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', () =>
      reject(new Error(`port ${port} is taken: is a server from an earlier test run still up?`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/**
 * A fresh copy of a data directory the global setup made: the migrated empty one, for a file that
 * seeds a server of its own, or the one with the demo data, for a worker's shared server.
 */
export async function dataDirCopy(of: 'migrated' | 'seeded', prefix: string): Promise<string> {
  const from = process.env[of === 'migrated' ? MIGRATED_DATA_DIR_ENV : SEEDED_DATA_DIR_ENV];
  if (!from) throw new Error(`The global setup did not make the ${of} data directory.`);
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(from, dataDir, { recursive: true });
  return dataDir;
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * Starts the production build (`dist/server/main.js`) as `npm start` would, with the test
 * settings: the beta gate on, sweeps every 5 s, a generous sign-in limit (the API tests cover it).
 */
export async function startServer(options: {
  port: number;
  dataDir?: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const entry = path.join(ROOT, 'dist/server/main.js');
  if (!existsSync(entry)) throw new Error('Run `npm run build` before the end-to-end tests.');
  await assertPortFree(options.port);
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'playbook-e2e-')));
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const server = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      // Every browser in the suite comes from 127.0.0.1; the per-address limits have their own
      // tests, as has the limit of a Player's unpaid questions (ADR 082).
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      QUESTION_RATE_LIMIT_PER_MINUTE: '1000',
      UNPAID_QUESTIONS_PER_PLAYER: '1000',
      // Sweeps every 5 s: each is a job a second for every sweep of every server up, and no test
      // here waits on one but the refund's and the promise's, whose servers sweep every second.
      SWEEP_INTERVAL_SECONDS: '5',
      DEV_MAILBOX: 'true',
      BETA_ACCESS_CODE: E2E_BETA_CODE,
      APP_SECRET: E2E_APP_SECRET,
      INSTAGRAM_URL: E2E_INSTAGRAM_URL,
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  // Two workers may start servers at once on two cores, each creating its database (ADR 043).
  try {
    await waitForHttp(`${baseUrl}/api/health`, server, { timeoutMs: 90_000 });
  } catch (error) {
    // A server too slow to answer would keep its port, and the next run would find it taken.
    await stopGracefully(server);
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    logFile,
    async stop() {
      await stopGracefully(server);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
