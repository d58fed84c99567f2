import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedDemo } from '../../scripts/seed-demo';
import { openDatabase } from '../../server/db/client';
import { MIGRATED_DATA_DIR_ENV, SEEDED_DATA_DIR_ENV } from './constants';

/**
 * Migrates an empty database once, for the files that seed a server of their own (`migratedCopy`),
 * and seeds the demo data once on a copy of it, as `npm run seed:demo` does; each worker's shared
 * server starts on a copy of that (fixture `server`). PGlite's initdb and the migrations cost
 * seconds of CPU each time; a copy costs none. The directories reach the workers through the
 * environment.
 */
export default async function globalSetup() {
  const migrated = await mkdtemp(path.join(tmpdir(), 'playbook-e2e-migrated-'));
  await (await openDatabase({ dataDir: migrated })).close();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playbook-e2e-seed-'));
  await cp(migrated, dataDir, { recursive: true });
  const seed = await openDatabase({ dataDir });
  await seedDemo(seed.db);
  await seed.close();
  process.env[MIGRATED_DATA_DIR_ENV] = migrated;
  process.env[SEEDED_DATA_DIR_ENV] = dataDir;
  return async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(migrated, { recursive: true, force: true });
  };
}
