import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory as an uncompressed tarball, for `loadDataDir`. */
    pgliteTemplateFile?: string;
    /** A migrated database on the TEST_DATABASE_URL server, to `CREATE DATABASE ... TEMPLATE`. */
    postgresTemplate?: string;
  }
}

/**
 * Vitest global setup (ADR 043): migrates one database before any test file runs, and every test
 * file's database starts as a copy of it. PGlite's initdb costs seconds per instance, far more
 * than loading a data directory; PostgreSQL copies a template faster than it replays migrations.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') return preparePostgresTemplate(project);
  return preparePgliteTemplate(project);
}

async function preparePgliteTemplate(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), 'playbook-template-'));
  const template = await openDatabase({ memory: true });
  const file = path.join(folder, 'pglite.tar');
  try {
    const client = (template.db as unknown as { $client: PGlite }).$client;
    const tarball = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await template.close();
  }
  project.provide('pgliteTemplateFile', file);
  return () => rm(folder, { recursive: true, force: true });
}

async function preparePostgresTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
  await (await openDatabase({ url: url.toString() })).close();
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
