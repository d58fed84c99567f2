import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../../scripts/seed-demo';
import { openDatabase } from '../../server/db/client';
import { E2E_APP_SECRET, E2E_BETA_CODE, E2E_INSTAGRAM_URL } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.E2E_PORT ?? 3199);

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become healthy');
}

/** Starts the production build on a seeded PGlite database, as `npm start` would. */
export default async function setup(project: TestProject) {
  const entry = path.join(root, 'dist/server/main.js');
  if (!existsSync(entry)) throw new Error('Run `npm run build` before the end-to-end tests.');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playbook-e2e-'));
  const seed = await openDatabase({ dataDir });
  await seedDemo(seed.db);
  await seed.close();

  const serverLog = path.join(dataDir, 'server.log');
  const log = createWriteStream(serverLog);
  const server = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      // Many users sign up from one address; the API tests cover the limit itself.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      SWEEP_INTERVAL_SECONDS: '2',
      BETA_ACCESS_CODE: E2E_BETA_CODE,
      APP_SECRET: E2E_APP_SECRET,
      INSTAGRAM_URL: E2E_INSTAGRAM_URL,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${PORT}`;
  await waitForHealth(baseUrl, server);
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', serverLog);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
}
