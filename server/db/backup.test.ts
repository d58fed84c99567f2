import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { signedInUser } from '../test/accounts';
import {
  createEmptyTestDatabase,
  createTestApp,
  createTestDatabase,
  testDatabaseKind,
} from '../test/harness';
import { backUp, DatabaseNotEmptyError, restore, type BackupTarget } from './backup';
import { openDatabase } from './client';
import { DatabaseInUseError } from './data-dir-lock';

/** A database of the kind under test that outlives the apps opened on it, and how to remove it. */
interface StoredDatabase {
  target: BackupTarget;
  remove(): Promise<void>;
}

async function storedDatabase({ empty = false } = {}): Promise<StoredDatabase> {
  if (testDatabaseKind === 'postgres') {
    const database = empty ? await createEmptyTestDatabase() : await createTestDatabase();
    return { target: { url: database.url }, remove: database.drop };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playbook-backup-'));
  return { target: { dataDir }, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/** An app on the stored database; closing it closes the database too, as stopping a server does. */
async function appOn({ target }: StoredDatabase) {
  const handle = await openDatabase(target);
  const testApp = await createTestApp({}, handle);
  return {
    ...testApp,
    handle,
    async close() {
      await testApp.close();
      await handle.close();
    },
  };
}

/** The account the session cookie reads, as a browser would ask for it. */
async function accountOf(app: App, cookie: string): Promise<unknown> {
  const res = await app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The same, from a server started on the stored database and stopped again. */
async function accountServedBy(database: StoredDatabase, cookie: string): Promise<unknown> {
  const serving = await appOn(database);
  try {
    return await accountOf(serving.app, cookie);
  } finally {
    await serving.close();
  }
}

describe(`a backup of the ${testDatabaseKind} database`, () => {
  let source: StoredDatabase;
  let restored: StoredDatabase;
  let folder: string;
  let file: string;
  let cookie: string;
  let account: unknown;

  beforeAll(async () => {
    source = await storedDatabase();
    restored = await storedDatabase({ empty: true });
    folder = await mkdtemp(path.join(tmpdir(), 'playbook-backups-'));
    file = path.join(folder, 'backup');
    const running = await appOn(source);
    try {
      ({ cookie } = await signedInUser(running.app, running.ctx, { name: 'Backed Up Player' }));
      account = await accountOf(running.app, cookie);
      if ('dataDir' in source.target) {
        // The embedded database belongs to the running server: a backup must wait for it to stop.
        await expect(backUp(source.target, file)).rejects.toThrow(DatabaseInUseError);
      }
    } finally {
      await running.close();
    }
    await backUp(source.target, file);
  }, 120_000);

  afterAll(async () => {
    await source?.remove();
    await restored?.remove();
    await rm(folder, { recursive: true, force: true });
  });

  it('restores into a fresh database that serves the same data', async () => {
    await restore(restored.target, file);
    // The session survived too: the same cookie reads the same account.
    expect(await accountServedBy(restored, cookie)).toEqual(account);
  }, 120_000);

  it('refuses to replace a database with data in it unless forced', async () => {
    await expect(restore(source.target, file)).rejects.toThrow(DatabaseNotEmptyError);
    await restore(source.target, file, { force: true });
    expect(await accountServedBy(source, cookie)).toEqual(account);
  }, 120_000);
});
