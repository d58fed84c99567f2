import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { autoPrepare } from './auto-prepare';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: the services never know which database they talk to. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema>;
/** Data-access functions take either, so a caller can run them inside its own transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { url: string }
  | { dataDir: string }
  /** `from`: a data directory PGlite dumped (`dumpDataDir`) to start from, as tests do (ADR 043). */
  | { memory: true; from?: Blob };

// The source (server/db) and the bundle (dist/server) sit at the same depth below the root.
const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../server/db/migrations',
);

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Opens the database the configuration names and brings its schema up to date. */
export async function openDatabase(
  target: DatabaseTarget,
  options: {
    onConnectionError?: (err: Error) => void;
    /** Sees every query with its parameters (the index-use test reads them). */
    logQuery?: (query: string, params: unknown[]) => void;
  } = {},
): Promise<DatabaseHandle> {
  const logger = options.logQuery ? { logQuery: options.logQuery } : false;
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 20 });
    // An idle connection dropped by the server must not crash the process: the pool discards it
    // and the next query opens a new one.
    pool.on('error', options.onConnectionError ?? (() => undefined));
    pool.on('connect', autoPrepare);
    const db = drizzlePg(pool, { schema, logger });
    await migratePg(db, { migrationsFolder });
    return {
      db,
      driver: 'postgres',
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined; // undefined: in memory
  let unlock: () => Promise<void> = async () => {};
  if ('dataDir' in target) {
    dataDir = path.resolve(target.dataDir, 'pglite');
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  const client = new PGlite({
    dataDir,
    ...('from' in target && target.from ? { loadDataDir: target.from } : {}),
  });
  const db = drizzlePglite(client, { schema, logger });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (err) {
    await client.close().finally(unlock);
    throw err;
  }
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    ping: () => ping(db as unknown as Database),
    close: () => client.close().finally(unlock),
  };
}

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

/**
 * PGlite is one process's database: a second process on the same directory (a seed while the
 * server runs) would write beside it and lose data. A lock file (proper-lockfile: refreshed while
 * held, taken over when a killed process left it stale) makes the second one fail at once.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, { stale: 10_000, update: 2_000, realpath: false });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    throw new DatabaseInUseError(
      `The embedded database in ${path.dirname(dataDir)} is in use by another process (is the ` +
        'server running?). Stop it and try again, or use a PostgreSQL server (DATABASE_URL), ' +
        'which any number of processes can share.',
    );
  }
}
