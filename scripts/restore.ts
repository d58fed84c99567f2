/**
 * Restores a file `npm run backup` wrote into the configured database (DATABASE_URL, else the
 * embedded one in DATA_DIR), refusing a database that holds data unless --force (ADR 048). The
 * embedded database belongs to one process: stop the server first.
 * Usage: npm run restore -- <file> [--force]
 */
import { loadConfig } from '../server/config';
import { restore } from '../server/db/backup';
import { backupTargetOf, exitOnKnownError } from './lib/backup-target';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((arg) => arg !== '--force');
if (!file) {
  console.error('Usage: npm run restore -- <file> [--force]');
  process.exit(1);
}
const target = backupTargetOf(loadConfig());
await restore(target, file, { force }).catch(exitOnKnownError('Nothing was restored.'));
console.log(`Restored ${file}`);
