import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { adminAccounts, adminAuditLog } from '../../db/schema';
import { childArgs } from '../../test/children';
import {
  migratedDataDir,
  openTestDatabase,
  testDatabaseKind,
  PGLITE_PROCESS_TIMEOUT_MS,
} from '../../test/harness';
import { createAdmin, findAdmin } from './service';

/** Runs the script behind `npm run admin:create -- <username>` (or reset-2fa), `input` piped in. */
function runCli(
  program: 'admin-create' | 'admin-reset-2fa',
  env: Record<string, string>,
  username: string,
  input = '',
) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, childArgs(program, username), {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('exit', (code) => resolve({ code, output }));
    child.stdin.end(input);
  });
}

/**
 * The CLI runs in its own process, so it needs a database on disk or on the server; `check` gets
 * the test's own connection to it, opened once the CLI is done with it (PGlite's lock).
 */
async function withCliDatabase(
  test: (env: Record<string, string>, open: () => Promise<DatabaseHandle>) => Promise<void>,
) {
  if (testDatabaseKind === 'postgres') {
    const database = await openTestDatabase();
    try {
      await test({ DATABASE_URL: database.url ?? '' }, async () => ({
        ...database,
        close: async () => undefined,
      }));
    } finally {
      await database.close();
    }
    return;
  }
  const dataDir = await migratedDataDir('playbook-cli-');
  try {
    await test({ DATA_DIR: dataDir, DATABASE_URL: '' }, () => openDatabase({ dataDir }));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function using<T>(open: () => Promise<DatabaseHandle>, read: (h: DatabaseHandle) => T) {
  const handle = await open();
  try {
    return await read(handle);
  } finally {
    await handle.close();
  }
}

describe(`administrator CLI (${testDatabaseKind})`, () => {
  it(
    'admin:create makes an argon2id administrator from standard input, once, and refuses bad input',
    async () => {
      await withCliDatabase(async (env, open) => {
        const create = (username: string, password: string) =>
          runCli('admin-create', env, username, `${password}\n`);
        const created = await create('cli-admin', 'a-long-cli-password');
        expect(created.output).toContain('Administrator cli-admin created.');
        expect(created.code).toBe(0);

        const again = await create('cli-admin', 'a-long-cli-password');
        expect(again.code).toBe(1);
        expect(again.output).toContain('An administrator named cli-admin already exists.');

        const short = await create('other-admin', 'short');
        expect(short.code).toBe(1);
        expect(short.output).toContain('Password must be at least 8 characters');

        await using(open, async ({ db }) => {
          const admin = await findAdmin(db, 'cli-admin');
          expect(admin?.passwordHash.startsWith('$argon2id$')).toBe(true);
          expect(await verify(admin?.passwordHash ?? '', 'a-long-cli-password')).toBe(true);
          expect(await findAdmin(db, 'other-admin')).toBeNull();
        });
      });
    },
    PGLITE_PROCESS_TIMEOUT_MS,
  );

  it(
    'admin:reset-2fa turns two-factor sign-in off for a lost device, audited',
    async () => {
      await withCliDatabase(async (env, open) => {
        await using(open, async ({ db }) => {
          const admin = await createAdmin(db, 'lost-phone', 'a-long-cli-password');
          await db
            .update(adminAccounts)
            .set({ totpSecret: 'v1.sealed', totpEnabledAt: new Date(), totpLastStep: 1 })
            .where(eq(adminAccounts.id, admin.id));
        });

        const unknown = await runCli('admin-reset-2fa', env, 'nobody-here');
        expect(unknown.code).toBe(1);
        expect(unknown.output).toContain('No administrator is named nobody-here.');

        const reset = await runCli('admin-reset-2fa', env, 'lost-phone');
        expect(reset.output).toContain('Two-factor sign-in is off for lost-phone');
        expect(reset.code).toBe(0);

        await using(open, async ({ db }) => {
          expect(await findAdmin(db, 'lost-phone')).toMatchObject({
            totpSecret: null,
            totpPendingSecret: null,
            totpEnabledAt: null,
            totpLastStep: null,
          });
          const audited = await db
            .select({ action: adminAuditLog.action, success: adminAuditLog.success })
            .from(adminAuditLog)
            .where(eq(adminAuditLog.username, 'lost-phone'));
          expect(audited).toEqual([{ action: 'totp-reset', success: true }]);
        });
      });
    },
    PGLITE_PROCESS_TIMEOUT_MS,
  );
});
