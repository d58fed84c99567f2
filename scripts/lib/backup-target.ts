import type { Config } from '../../server/config';
import { BackupError, type BackupTarget } from '../../server/db/backup';
import { DatabaseInUseError } from '../../server/db/data-dir-lock';

/** The database the server would open with this configuration. */
export const backupTargetOf = (config: Config): BackupTarget =>
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR };

/** An operator's mistake (server running, data in the way, no pg_dump) is a message, not a stack trace. */
export const exitOnKnownError =
  (outcome: string) =>
  (err: unknown): never => {
    if (err instanceof DatabaseInUseError || err instanceof BackupError) {
      console.error(`${outcome} ${err.message}`);
      process.exit(1);
    }
    throw err;
  };
