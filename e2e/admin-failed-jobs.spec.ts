import { expect, ownServer, test as base } from './support/fixtures';
import { openDatabase } from '../server/db/client';
import { mailOutbox } from '../server/db/schema';
import { MAIL_MAX_ATTEMPTS } from '../server/modules/mail/data';
import { dataDirCopy, startServer } from './support/server';

const ADMIN = { username: 'jobs-admin', password: 'jobs-admin-password' };
const SUBJECT = 'Your question has been answered';

/**
 * Its own server (port 3191) on a database holding an e-mail that used every attempt: the
 * Failed jobs tab lists it, and Retry sends it (the server's mail-delivery job, log transport).
 */
const test = base.extend({
  server: ownServer(async () => {
    const dataDir = await dataDirCopy('migrated', 'playbook-e2e-jobs-');
    const { db, close } = await openDatabase({ dataDir });
    await db.insert(mailOutbox).values({
      to: 'riley@example.test',
      subject: SUBJECT,
      text: 'Your Coach answered.',
      status: 'failed',
      attempts: MAIL_MAX_ATTEMPTS,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    await close();
    return startServer({
      port: 3191,
      dataDir,
      env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    });
  }),
});

test('the Failed jobs tab lists an e-mail that gave up, and Retry sends it', async ({ page }) => {
  await page.goto('/admin-access');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Secure Login' }).click();
  await page.waitForURL('**/admin-dashboard');

  await page.getByRole('tab', { name: 'Failed jobs' }).click();
  const table = page.getByRole('table', { name: 'Failed jobs' });
  const row = table.getByRole('row', { name: new RegExp(`riley@example.test: ${SUBJECT}`) });
  await expect(row).toBeVisible();
  await expect(row.getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeVisible();
  await expect(
    row.getByRole('cell', { name: String(MAIL_MAX_ATTEMPTS), exact: true }),
  ).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: test.info().outputPath(`failed-jobs-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await row.getByRole('button', { name: 'Retry' }).click();
  await page
    .getByRole('dialog', { name: 'Retry' })
    .getByRole('button', { name: 'Confirm: Retry' })
    .click();
  await expect(
    page.getByRole('status').getByText('Job queued again', { exact: true }),
  ).toBeVisible();
  await expect(row).not.toBeAttached();
  await expect(
    page.getByRole('region', { name: 'Failed jobs' }).getByText('No failed jobs.'),
  ).toBeVisible();

  // The server's mail-delivery job sends it again (the dev mailbox shows each message's status).
  await expect
    .poll(async () => {
      // The page's own request context carries its beta cookie.
      const mailbox = (await (await page.request.get('/api/dev/mailbox')).json()) as {
        messages: { subject: string; status: string }[];
      };
      return mailbox.messages.find((m) => m.subject === SUBJECT)?.status;
    })
    .toBe('sent');
});
