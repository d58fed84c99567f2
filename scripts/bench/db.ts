/**
 * The bench's own PostgreSQL databases (bench_large, bench_small): their URLs, creating them, and a
 * guard that refuses any other database, so a bench can never touch the test suite's `test`.
 */
import pg from 'pg';

export const SIZES = ['small', 'large'] as const;
export type Size = (typeof SIZES)[number];

/** The server the bench uses; only the database name is replaced per size. */
export const BENCH_PG_URL =
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const databaseName = (size: Size) => `bench_${size}`;

export function databaseUrl(size: Size): string {
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${databaseName(size)}`;
  return url.toString();
}

export function parseSize(value: string | undefined): Size {
  if (value === 'small' || value === 'large') return value;
  throw new Error(`--size must be small or large (got ${value ?? 'nothing'})`);
}

/** Where `pgbench` measures PostgreSQL's own write rate (see pgbench.ts). */
export const PGBENCH_DATABASE = 'bench_pgbench';

function assertBenchDatabase(name: string): void {
  if (!/^bench_(small|large|pgbench)$/.test(name)) {
    throw new Error(
      `refusing to touch database "${name}": the bench only uses bench_small/large/pgbench`,
    );
  }
}

/** Runs `fn` with a client on the server's maintenance database. */
async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BENCH_PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function databaseExists(size: Size): Promise<boolean> {
  return withAdmin(async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      databaseName(size),
    ]);
    return (rowCount ?? 0) > 0;
  });
}

/** Drops (when asked) and creates the size's database. */
export async function recreateDatabase(size: Size): Promise<void> {
  const name = databaseName(size);
  assertBenchDatabase(name);
  await withAdmin(async (client) => {
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.query(`CREATE DATABASE ${name}`);
  });
}

/** Creates the database when missing; true when it did. */
export async function createDatabaseIfMissing(name: string): Promise<boolean> {
  assertBenchDatabase(name);
  return withAdmin(async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if ((rowCount ?? 0) > 0) return false;
    await client.query(`CREATE DATABASE ${name}`);
    return true;
  });
}

/** A pool on the size's database for the bench's own queries (fixtures, checks). */
export function benchPool(size: Size, max = 4): pg.Pool {
  assertBenchDatabase(databaseName(size));
  return new pg.Pool({ connectionString: databaseUrl(size), max });
}

/** Runs `fn` on one client of `pool` in a transaction: committed if it returns, else rolled back. */
export async function inTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
