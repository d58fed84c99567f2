import type { Page } from '@playwright/test';

/**
 * The administrator every shared test server creates from the environment (`ADMIN_USERNAME`,
 * `ADMIN_PASSWORD`), so a flow that reaches the portal runs on its worker's server (ADR 078).
 */
export const ADMINISTRATOR = {
  username: 'e2e-people-admin',
  password: 'e2e-people-admin-password',
};

/** Logs the administrator in on `page`, as a person would; resolves on the dashboard. */
export async function signInAsAdministrator(page: Page) {
  await page.goto('/admin-access');
  await page.getByLabel('Username').fill(ADMINISTRATOR.username);
  await page.getByLabel('Password').fill(ADMINISTRATOR.password);
  await page.getByRole('button', { name: 'Secure Login' }).click();
  await page.waitForURL('**/admin-dashboard');
}
