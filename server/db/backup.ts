import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { embeddedDir } from './client';
import { lockDataDir } from './data-dir-lock';

/** The database a backup is taken from or restored into: the same choice the server makes. */
export type BackupTarget = { url: string } | { dataDir: string };

/** What the operator can fix (a missing file, a failed pg_dump): said as a message, not a trace. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Restoring would replace data: refused unless asked for with --force. */
export class DatabaseNotEmptyError extends BackupError {
  override name = 'DatabaseNotEmptyError';
}

/**
 * pg_dump's custom format for PostgreSQL (compressed, restored by pg_restore); PGlite's own dump
 * of its data directory, a gzipped tarball, for the embedded database (ADR 048).
 */
export const backupExtension = (target: BackupTarget) => ('url' in target ? 'dump' : 'tar.gz');

/** ./backups/<timestamp>.<ext>: sorts by time, and has no colon, which some file systems refuse. */
export function defaultBackupFile(target: BackupTarget, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.resolve('backups', `${stamp}.${backupExtension(target)}`);
}

export async function backUp(target: BackupTarget, file: string): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  if ('url' in target) {
    await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${target.url}`]);
    return;
  }
  await withEmbedded(target.dataDir, async (dir) => {
    if (!existsSync(path.join(dir, 'PG_VERSION'))) {
      throw new BackupError(`There is no embedded database in ${target.dataDir} to back up.`);
    }
    const client = await PGlite.create({ dataDir: dir });
    try {
      const tarball = await client.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await client.close();
    }
  });
}

export async function restore(
  target: BackupTarget,
  file: string,
  { force = false } = {},
): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  if ('url' in target) {
    if (!force && (await postgresHasTables(target.url))) throw notEmpty('The database');
    // --clean drops what the backup holds before recreating it; one transaction, so a restore
    // that fails leaves the database as it was.
    const clean = force ? ['--clean', '--if-exists'] : [];
    await run('pg_restore', [
      ...clean,
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${target.url}`,
      file,
    ]);
    return;
  }
  const tarball = new Blob([await readFile(file)]);
  await withEmbedded(target.dataDir, async (dir) => {
    if (existsSync(path.join(dir, 'PG_VERSION'))) {
      if (!force) throw notEmpty(`The embedded database in ${target.dataDir}`);
      await emptyFolder(dir);
    }
    const client = await PGlite.create({ dataDir: dir, loadDataDir: tarball });
    await client.close();
  });
}

const notEmpty = (what: string) =>
  new DatabaseNotEmptyError(
    `${what} is not empty: restoring would replace its data. Add --force to replace it.`,
  );

/**
 * Holds the embedded database's lock meanwhile, so a running server (which holds it) stops the
 * backup or restore with DatabaseInUseError rather than see its files change under it.
 */
async function withEmbedded<T>(dataDir: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = embeddedDir(dataDir);
  await mkdir(dir, { recursive: true });
  const unlock = await lockDataDir(dir);
  try {
    return await work(dir);
  } finally {
    await unlock();
  }
}

async function emptyFolder(dir: string): Promise<void> {
  const entries = await readdir(dir);
  await Promise.all(
    entries.map((entry) => rm(path.join(dir, entry), { recursive: true, force: true })),
  );
}

/** Any table outside PostgreSQL's own schemas, the migrations' journal included. */
async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ found: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.relkind IN ('r', 'p')
           AND n.nspname NOT IN ('pg_catalog', 'information_schema')
           AND n.nspname NOT LIKE 'pg_toast%'
       ) AS found`,
    );
    return rows[0]?.found ?? false;
  } finally {
    await client.end();
  }
}

/** Runs a PostgreSQL client tool; its own error message (version mismatch, auth) is the error. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err) =>
      reject(
        new BackupError(
          `Could not run ${command} (is the PostgreSQL client installed?): ${err.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed: ${stderr.trim()}`)),
    );
  });
}
