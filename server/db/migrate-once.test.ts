import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { childArgs } from '../test/children';
import { createEmptyTestDatabase, testDatabaseKind } from '../test/harness';
import { openDatabase } from './client';

const root = path.join(import.meta.dirname, '../..');

async function migrationCount(): Promise<number> {
  const journal = path.join(root, 'server/db/migrations/meta/_journal.json');
  return (JSON.parse(await readFile(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

/** How many migrations the database records as applied, and how often its first enum exists. */
async function schemaOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const applied = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    const types = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_type WHERE typname = 'contact_topic'",
    );
    return { applied: applied.rows[0]?.n, firstEnum: types.rows[0]?.n };
  } finally {
    await client.end();
  }
}

/** `npm run migrate` in its own process, as a deploy step runs it. */
const runMigrateScript = (url: string) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, childArgs('migrate'), {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`migrate exited ${code}: ${output}`)),
    );
  });

/** Starts several openers together on a new, empty database; then its schema must be there once. */
async function migratesOnce(startTogether: (url: string) => Promise<void>) {
  const empty = await createEmptyTestDatabase();
  try {
    await startTogether(empty.url);
    expect(await schemaOf(empty.url)).toEqual({ applied: await migrationCount(), firstEnum: 1 });
  } finally {
    await empty.drop();
  }
}

// Several processes need a database server; this runs in the PostgreSQL pass of `npm test`.
describe.runIf(testDatabaseKind === 'postgres')(
  'migrations on an empty PostgreSQL database',
  () => {
    it('run once when three openers start together, and all of them open', async () => {
      await migratesOnce(async (url) => {
        const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ url })));
        try {
          expect(await Promise.all(handles.map((h) => h.ping()))).toEqual([true, true, true]);
        } finally {
          await Promise.all(handles.map((h) => h.close()));
        }
      });
    }, 60_000);

    it('run once when two `npm run migrate` processes start together', async () => {
      await migratesOnce(async (url) => {
        const outputs = await Promise.all([runMigrateScript(url), runMigrateScript(url)]);
        for (const output of outputs) expect(output).toContain('database is migrated');
      });
    }, 60_000);
  },
);
