import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { openTestDatabase, testDatabaseKind } from '../../test/harness';
import { findAdmin } from './service';

const script = path.resolve(import.meta.dirname, '../../../scripts/admin-create.ts');

/** Runs `npm run admin:create -- <username>` as the README shows, the password piped in. */
function adminCreate(env: Record<string, string>, username: string, password: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, username], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('exit', (code) => resolve({ code, output }));
    child.stdin.end(`${password}\n`);
  });
}

describe(`npm run admin:create (${testDatabaseKind})`, () => {
  it('creates an argon2id administrator from standard input, once, and refuses bad input', async () => {
    // The CLI runs in its own process, so it needs a database on disk or on the server.
    let env: Record<string, string>;
    let open: () => Promise<DatabaseHandle>;
    let cleanUp: () => Promise<void>;
    if (testDatabaseKind === 'postgres') {
      const database = await openTestDatabase();
      env = { DATABASE_URL: database.url ?? '' };
      open = async () => ({ ...database, close: async () => undefined });
      cleanUp = () => database.close();
    } else {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'playbook-cli-'));
      env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      open = () => openDatabase({ dataDir });
      cleanUp = () => rm(dataDir, { recursive: true, force: true });
    }
    try {
      const created = await adminCreate(env, 'cli-admin', 'a-long-cli-password');
      expect(created.output).toContain('Administrator cli-admin created.');
      expect(created.code).toBe(0);

      const again = await adminCreate(env, 'cli-admin', 'a-long-cli-password');
      expect(again.code).toBe(1);
      expect(again.output).toContain('An administrator named cli-admin already exists.');

      const short = await adminCreate(env, 'other-admin', 'short');
      expect(short.code).toBe(1);
      expect(short.output).toContain('Password must be at least 8 characters');

      const handle = await open();
      try {
        const admin = await findAdmin(handle.db, 'cli-admin');
        expect(admin?.passwordHash.startsWith('$argon2id$')).toBe(true);
        expect(await verify(admin?.passwordHash ?? '', 'a-long-cli-password')).toBe(true);
        expect(await findAdmin(handle.db, 'other-admin')).toBeNull();
      } finally {
        await handle.close();
      }
    } finally {
      await cleanUp();
    }
  }, 60_000);
});
