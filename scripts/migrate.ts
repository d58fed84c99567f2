/**
 * Brings the schema of the configured database (DATABASE_URL, else the embedded one in DATA_DIR)
 * up to date and exits: a deploy step before starting the servers with MIGRATE_ON_START=false
 * (ADR 045). Safe beside servers that migrate at start: on PostgreSQL all take the same lock.
 * Usage: npm run migrate
 */
import { loadConfig } from '../server/config';
import { openConfiguredDatabase } from '../server/db/client';
import { DatabaseInUseError } from '../server/db/data-dir-lock';

const config = loadConfig();
const handle = await openConfiguredDatabase(config, { migrate: true }).catch((err: unknown) => {
  // The embedded database belongs to the running server, which migrated it when it started.
  if (err instanceof DatabaseInUseError) {
    console.error(`Nothing was migrated. ${err.message}`);
    process.exit(1);
  }
  throw err;
});
await handle.close();
console.log(
  `The ${handle.driver === 'postgres' ? 'PostgreSQL' : 'embedded'} database is migrated.`,
);
