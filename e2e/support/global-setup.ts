import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../../scripts/seed-demo';
import { openDatabase } from '../../server/db/client';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
  }
}

/** The shared server: the production build on a seeded PGlite database, as `npm start` runs it. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playbook-e2e-'));
  const seed = await openDatabase({ dataDir });
  await seedDemo(seed.db);
  await seed.close();
  const server = await startServer({ port: Number(process.env.E2E_PORT ?? 3199), dataDir });
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverLog', server.logFile);
  return () => server.stop();
}
