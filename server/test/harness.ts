import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../app';
import { createContext } from '../bootstrap';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { fastPasswords } from './fast-passwords';

/** `TEST_DB=postgres` runs the same tests against TEST_DATABASE_URL; PGlite in memory otherwise. */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL, and how to drop it: a copy of the
 * migrated template the global setup made (`template-database.ts`), or empty when `empty` is set
 * (the migration tests) or there is no template.
 */
export async function createTestDatabase({ empty = false } = {}): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = empty ? undefined : inject('postgresTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A new, empty database on the PostgreSQL server, and how to drop it. */
export const createEmptyTestDatabase = () => createTestDatabase({ empty: true });

/**
 * A fresh database per test file: an in-memory PGlite, or a new database on the PostgreSQL server,
 * each a copy of the migrated template the global setup made when there is one. Opening still runs
 * the migrations, which then find nothing to do.
 */
export async function openTestDatabase(
  options: Parameters<typeof openDatabase>[1] = {},
): Promise<DatabaseHandle & { url?: string }> {
  if (testDatabaseKind === 'pglite') {
    const templateFile = inject('pgliteTemplateFile');
    const from = templateFile ? new Blob([await readFile(templateFile)]) : undefined;
    return openDatabase({ memory: true, from }, options);
  }
  const database = await createTestDatabase();
  const handle = await openDatabase({ url: database.url }, options);
  return {
    ...handle,
    url: database.url,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * A new embedded-database directory (a server's DATA_DIR) that already holds the migrated template,
 * for a test that starts a process on PGlite: creating and migrating a database there took that
 * process seconds of CPU, over 30 s beside the other tests (ADR 080).
 */
/**
 * The time limit of a test that starts PGlite in processes of its own (a CLI, a lock holder) or
 * opens fresh data directories: each costs seconds of CPU, and with the browser lane and the
 * cluster tests beside it a run took over 60 s (2026-11-29). The limit is for a hang, not a slow run.
 */
export const PGLITE_PROCESS_TIMEOUT_MS = 180_000;

export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const templateFile = inject('pgliteTemplateFile');
  if (!templateFile) return dataDir;
  const from = new Blob([await readFile(templateFile)]);
  await (await openDatabase({ dataDir, from })).close();
  return dataDir;
}

export interface TestApp {
  app: App;
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * The whole API on a fresh database, configured like production but for the given overrides.
 * `shared`: a database another test app also uses (the caller closes it), for tests of several
 * processes on one database. `web`: a web app to serve (its root and server renderer); none by default.
 * Passwords are hashed fast (`fast-passwords.ts`) unless `productPasswords` asks for scrypt.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  shared?: DatabaseHandle,
  web: Pick<BuildOptions, 'webRoot' | 'renderer'> = { webRoot: '/nonexistent' },
  { productPasswords = false }: { productPasswords?: boolean } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playbook-test-'));
  // Tests sign many users up from one address; the rate-limit test sets its own low limit.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // Tests ask many questions of one Player without paying; the limit's own test sets it back.
    UNPAID_QUESTIONS_PER_PLAYER: '1000',
    // Tests read confirmation links from the dev mailbox, as a developer does.
    DEV_MAILBOX: env.NODE_ENV === 'production' ? 'false' : 'true',
    ...env,
  });
  const logger = pino({ level: 'silent' });
  const database = shared ?? (await openTestDatabase());
  // Idempotent, so a test may close the database itself to simulate an outage.
  const closeDatabase = database.close;
  let databaseClosed = false;
  database.close = async () => {
    if (databaseClosed) return;
    databaseClosed = true;
    await closeDatabase();
  };
  const ctx = await createContext(config, logger, database, {
    passwords: productPasswords ? undefined : fastPasswords,
  });
  const app = await buildApp(ctx, { ...web, logger });
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await ctx.bus.close();
      await ctx.limits.close();
      if (!shared) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
