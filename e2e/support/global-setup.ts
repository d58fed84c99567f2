import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedDemo } from '../../scripts/seed-demo';
import { openDatabase } from '../../server/db/client';
import { SEEDED_DATA_DIR_ENV } from './constants';

/**
 * Seeds the demo data once, as `npm run seed:demo` does; each worker's shared server starts on a
 * copy of it (fixture `server`). The directory reaches the workers through the environment.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playbook-e2e-seed-'));
  const seed = await openDatabase({ dataDir });
  await seedDemo(seed.db);
  await seed.close();
  process.env[SEEDED_DATA_DIR_ENV] = dataDir;
  return () => rm(dataDir, { recursive: true, force: true });
}
