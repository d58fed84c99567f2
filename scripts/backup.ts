/**
 * Backs up the configured database (DATABASE_URL, else the embedded one in DATA_DIR) to a file:
 * pg_dump's custom format, or PGlite's gzipped data directory (ADR 048). The embedded database
 * belongs to one process: stop the server first. Uploaded files are not included (docs/operations.md).
 * Usage: npm run backup [-- <file>]   (default ./backups/<timestamp>.dump or .tar.gz)
 */
import { loadConfig } from '../server/config';
import { backUp, defaultBackupFile } from '../server/db/backup';
import { backupTargetOf, exitOnKnownError } from './lib/backup-target';

const target = backupTargetOf(loadConfig());
const file = process.argv[2] ?? defaultBackupFile(target);
await backUp(target, file).catch(exitOnKnownError('Nothing was backed up.'));
console.log(`Backed up to ${file}`);
