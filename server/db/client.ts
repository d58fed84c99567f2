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
import type { Config } from '../config';
import { autoPrepare } from './auto-prepare';
import { markEveryTransaction } from './open-transaction';
import { lockDataDir } from './data-dir-lock';
import { installJobQueue, type ExecuteSql } from './job-queue-schema';

export type { ExecuteSql };
import { DatabaseBreaker, guardPool } from './breaker';
import { watchForDeadConnections } from './dead-connections';
import { DEFAULT_DATABASE_LIMITS, readTimeoutMs, type DatabaseLimits } from './limits';
import * as schema from './schema';
import { tracingEnabled } from '../observability';
import type { PoolStats } from '../observability';
import { traceClient, tracePglite, tracePool } from './traced';

export type Schema = typeof schema;
/** One type for both drivers: the services never know which database they talk to. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema>;
/** Data-access functions take either, so a caller can run them inside its own transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /**
   * True when the database answers a trivial query within PING_TIMEOUT_MS. On PostgreSQL it feeds
   * the circuit breaker (ADR 086): a failed ping opens it; while it is open, the ping is the
   * breaker's probe on a fresh connection, whose answer closes it.
   */
  ping(): Promise<boolean>;
  /** The connections, for the metrics: the pool's, or PGlite's one (never waited for). */
  poolStats(): PoolStats;
  /**
   * Raw SQL on the same connections (pg-boss's `db` adapter, ADR 050): `$n` parameters, or, with
   * none, a script of several statements whose last result is returned.
   */
  executeSql: ExecuteSql;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { url: string }
  /**
   * `from`: a data directory PGlite dumped (`dumpDataDir`) to start from when there is none yet, as
   * tests do (ADR 043).
   */
  | { dataDir: string; from?: Blob }
  | { memory: true; from?: Blob };

// The source (server/db) and the bundle (dist/server) sit at the same depth below the root.
const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../server/db/migrations',
);

/** Where the embedded database keeps its files under DATA_DIR (and takes its lock beside them). */
export const embeddedDir = (dataDir: string) => path.resolve(dataDir, 'pglite');

/** The health check answers within this even when the database does not answer at all. */
export const PING_TIMEOUT_MS = 2_000;

async function ping(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(resolve, PING_TIMEOUT_MS, false);
  });
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  return Promise.race([answered, timedOut]).finally(() => clearTimeout(timer));
}

export interface OpenOptions {
  onConnectionError?: (err: Error) => void;
  /** Sees every query with its parameters (the index-use test reads them). */
  logQuery?: (query: string, params: unknown[]) => void;
  /** PostgreSQL's pool size and timeouts; DEFAULT_DATABASE_LIMITS for those not given. */
  limits?: Partial<DatabaseLimits>;
  /** false: the schema is current already (`npm run migrate` ran as a deploy step). */
  migrate?: boolean;
}

/**
 * Opens the database and, unless told the schema is current, brings it up to date (on PostgreSQL
 * one process at a time).
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const logger = options.logQuery ? { logQuery: options.logQuery } : false;
  const migrate = options.migrate ?? true;
  if ('url' in target) {
    const limits = { ...DEFAULT_DATABASE_LIMITS, ...options.limits };
    if (migrate) await migrateOnce(target.url, limits);
    const pool = new pg.Pool({
      connectionString: target.url,
      max: limits.poolSize,
      connectionTimeoutMillis: limits.connectTimeoutMs,
      statement_timeout: limits.statementTimeoutMs,
      query_timeout: readTimeoutMs(limits),
      idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
      // Lets the operating system notice a connection whose server vanished without a word.
      keepAlive: true,
    });
    // An idle connection dropped by the server must not crash the process: the pool discards it
    // and the next query opens a new one.
    pool.on('error', options.onConnectionError ?? (() => undefined));
    const tracing = tracingEnabled();
    if (tracing) tracePool(pool);
    const breaker = new DatabaseBreaker(target.url);
    guardPool(pool, breaker);
    pool.on('connect', (client) => {
      autoPrepare(client);
      watchForDeadConnections(client, () => breaker.trip());
      if (tracing) traceClient(client);
    });
    const db = markEveryTransaction(drizzlePg(pool, { schema, logger }));
    return {
      db,
      driver: 'postgres',
      async ping() {
        if (breaker.isOpen) return breaker.probe();
        const up = await ping(db);
        if (!up) breaker.trip();
        return up;
      },
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: limits.poolSize,
      }),
      executeSql: (text, values) => pool.query(text, values),
      close: () => {
        breaker.stop();
        return pool.end();
      },
    };
  }
  let dataDir: string | undefined; // undefined: in memory
  let unlock: () => Promise<void> = async () => {};
  if ('dataDir' in target) {
    dataDir = embeddedDir(target.dataDir);
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  const client = new PGlite({
    dataDir,
    ...('from' in target && target.from ? { loadDataDir: target.from } : {}),
  });
  if (tracingEnabled()) tracePglite(client);
  const db = markEveryTransaction(drizzlePglite(client, { schema, logger }));
  const executeSql: ExecuteSql = async (text, values) => {
    if (values && values.length > 0) {
      return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
    }
    // PGlite runs one statement per query; a script goes through exec, its last result returned.
    const results = await client.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  };
  try {
    if (migrate) {
      await migratePglite(db, { migrationsFolder });
      await installJobQueue(executeSql);
    }
  } catch (err) {
    await client.close().finally(unlock);
    throw err;
  }
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    ping: () => ping(db as unknown as Database),
    // One connection, in the process: statements queue inside PGlite, not for a connection.
    poolStats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    executeSql,
    close: () => client.close().finally(unlock),
  };
}

/** The database the configuration names, with its limits and its choice of migrating at start. */
export function openConfiguredDatabase(
  config: Config,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  return openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
    {
      limits: {
        poolSize: config.DATABASE_POOL_SIZE,
        connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
        statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
        idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      },
      migrate: config.MIGRATE_ON_START,
      ...options,
    },
  );
}

/** Any constant every process agrees on: the key of the advisory lock around the migrations. */
const MIGRATION_LOCK_KEY = 27_045;

/**
 * Applies the migrations one process at a time (ADR 045): processes starting together on an empty
 * database would otherwise all create the same types and tables, and all but one fail. The lock
 * is a session lock on the connection that migrates, so it ends with that connection even if the
 * process dies. No statement timeout here: an index build may take its time, and the processes
 * waiting for the lock wait for it.
 */
async function migrateOnce(url: string, limits: DatabaseLimits): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: limits.connectTimeoutMs,
  });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
    await installJobQueue((text, values) => client.query(text, values));
  } finally {
    await client.end();
  }
}
