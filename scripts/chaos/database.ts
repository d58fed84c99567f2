/**
 * The chaos run's own PostgreSQL database: a fresh `chaos_<random>` per run, created and dropped here.
 * A guard refuses any other name, so the run can never touch the test suite's `test` database.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server to use; only the database name is replaced. */
export const CHAOS_PG_URL =
  process.env.CHAOS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const NAME = /^chaos_[0-9a-f]{12}$/;

function assertChaosDatabase(name: string): void {
  if (!NAME.test(name)) {
    throw new Error(`refusing to touch database "${name}": the chaos run only uses chaos_<hex>`);
  }
}

export function databaseUrl(name: string): string {
  assertChaosDatabase(name);
  const url = new URL(CHAOS_PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: CHAOS_PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates a new, empty database and returns its name. */
export async function createChaosDatabase(): Promise<string> {
  const name = `chaos_${randomBytes(6).toString('hex')}`;
  assertChaosDatabase(name);
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  return name;
}

/** Drops the database, ending any session still connected to it. */
export async function dropChaosDatabase(name: string): Promise<void> {
  assertChaosDatabase(name);
  await withAdmin(async (client) => {
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
  });
}

/** Runs `fn` with a client on the chaos database (set-up look-ups and the final checks). */
export async function withChaosDb<T>(name: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
