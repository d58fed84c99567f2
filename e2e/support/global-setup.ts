import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedDemo } from '../../scripts/seed-demo';
import { openDatabase } from '../../server/db/client';
import { SHARED_SERVER_ENV } from './constants';
import { startServer } from './server';

/**
 * The shared server: the production build on a seeded PGlite database, as `npm start` runs it.
 * Its address and log reach the workers through the environment (fixture `server`).
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playbook-e2e-'));
  const seed = await openDatabase({ dataDir });
  await seedDemo(seed.db);
  await seed.close();
  const server = await startServer({ port: Number(process.env.E2E_PORT ?? 3199), dataDir });
  process.env[SHARED_SERVER_ENV.baseUrl] = server.baseUrl;
  process.env[SHARED_SERVER_ENV.logFile] = server.logFile;
  return () => server.stop();
}
