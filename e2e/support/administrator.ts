import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SEEDED_DATA_DIR_ENV } from './constants';
import { ownServer, test as base } from './fixtures';
import { startServer } from './server';

/** The administrator of the servers `withAdministrator` starts, from the environment. */
export const ADMINISTRATOR = {
  username: 'e2e-people-admin',
  password: 'e2e-people-admin-password',
};

/**
 * The fixtures of a file whose flow reaches the administrator portal: its own server on its own
 * fixed `port`, on a copy of the seeded, migrated data, with an administrator from the environment.
 */
export function withAdministrator(port: number) {
  return base.extend({
    server: ownServer(async () => {
      const seeded = process.env[SEEDED_DATA_DIR_ENV];
      if (!seeded) throw new Error('The global setup did not seed the demo data.');
      const dataDir = await mkdtemp(path.join(tmpdir(), `playbook-e2e-${port}-`));
      await cp(seeded, dataDir, { recursive: true });
      return startServer({
        port,
        dataDir,
        env: { ADMIN_USERNAME: ADMINISTRATOR.username, ADMIN_PASSWORD: ADMINISTRATOR.password },
      });
    }),
  });
}

/** Logs the administrator in on `page`, as a person would; resolves on the dashboard. */
export async function signInAsAdministrator(page: Page) {
  await page.goto('/admin-access');
  await page.getByLabel('Username').fill(ADMINISTRATOR.username);
  await page.getByLabel('Password').fill(ADMINISTRATOR.password);
  await page.getByRole('button', { name: 'Secure Login' }).click();
  await page.waitForURL('**/admin-dashboard');
}
