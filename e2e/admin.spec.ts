import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, ownServer, test as base } from './support/fixtures';
import { openDatabase } from '../server/db/client';
import { abuseReports, payouts } from '../server/db/schema';
import { createAdmin } from '../server/modules/admin/service';
import { insertCoach, insertQuestion, insertUser } from '../server/test/factories';
import { pageForAxe, seriousViolations } from './support/axe';
import { dataDirCopy, startServer } from './support/server';

const ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password' };

/**
 * The figures on the dashboard must match what is in the database, so this file runs its own
 * server on a database it seeded: the shared server's data changes under the other test files.
 */
const test = base.extend({
  server: ownServer(async () => {
    const dataDir = await dataDirCopy('migrated', 'playbook-e2e-admin-');
    const { db, close } = await openDatabase({ dataDir });
    await createAdmin(db, 'lock-target', ADMIN.password);
    await createAdmin(db, 'totp-admin', ADMIN.password);
    // Her payouts are not enabled, so the seeded payout stays untransferred whatever the sweep does.
    const coach = await insertCoach(db, {
      name: 'Maya Torres',
      stripeAccountId: 'acct_e2e',
      stripePayoutsEnabled: false,
    });
    await insertCoach(db, { name: 'Dev Patel' });
    const players = [];
    for (const name of ['Riley Quinn', 'Jordan Vale', 'Sky Fisher']) {
      players.push(
        await insertUser(db, { name, email: `${name.split(' ')[0]?.toLowerCase()}@example.test` }),
      );
    }
    const [riley, jordan] = players;
    if (!riley || !jordan) throw new Error('no players');
    // Two paid questions ($50.00 and $20.00), one answered; one unpaid.
    const answered = await insertQuestion(db, {
      coachId: coach.id,
      playerId: riley.id,
      playerEmail: riley.email,
      amount: 5000,
      paymentStatus: 'paid',
      paidAt: new Date(),
      status: 'answered',
      answer: 'Keep your elbow under the ball.',
      answeredAt: new Date(),
    });
    await db.insert(payouts).values({ questionId: answered.id, coachId: coach.id, amount: 3500 });
    await insertQuestion(db, {
      coachId: coach.id,
      playerId: jordan.id,
      playerEmail: jordan.email,
      amount: 2000,
      paymentStatus: 'paid',
      paidAt: new Date(),
    });
    await insertQuestion(db, { coachId: coach.id, playerId: jordan.id, amount: 2000 });
    await db.insert(abuseReports).values({
      reporterId: riley.id,
      reportedQuestionId: answered.id,
      reportedCoachId: coach.id,
      reason: 'harassment',
      details: 'The answer was rude about my height.',
    });
    await close();
    return startServer({
      port: 3196,
      dataDir,
      env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    });
  }),
});

test.describe('the administrator portal', () => {
  async function logIn(page: Page, username: string, password: string) {
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Secure Login' }).click();
  }

  test('validates, counts failures, logs in, shows the figures, filters users, acts on a report and logs out', async ({
    page,
  }) => {
    // No token: the dashboard sends the visitor to the login page.
    await page.goto('/admin-dashboard');
    await page.waitForURL('**/admin-access');
    await expect(page.getByText('All access attempts are logged', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Secure Login' }).click();
    await expect(
      page.getByText('Validation Error: Please ensure all fields are valid'),
    ).toBeVisible();
    await expect(
      page.getByText(
        'Username must be 3-50 characters, letters, numbers, underscore and hyphen only',
      ),
    ).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

    await logIn(page, ADMIN.username, 'not-the-password');
    await expect(page.getByRole('alert').getByText('Invalid credentials')).toBeVisible();
    await expect(
      page.getByText('Failed login attempts: 1. Account will be locked after 5 attempts.'),
    ).toBeVisible();

    await logIn(page, `  ${ADMIN.username} `, ADMIN.password);
    await page.waitForURL('**/admin-dashboard');
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeTruthy();

    // 5 users (2 Coaches, 3 Players); 3 questions, 1 answered; 2 paid payments; the platform keeps
    // 30% of $70.00 = 21.00; one payout not yet transferred.
    const card = (label: string) => page.getByRole('listitem').filter({ hasText: label });
    await expect(card('Total Users').getByText('5', { exact: true })).toBeVisible();
    await expect(card('Total Users').getByText('2 Coaches · 3 Players')).toBeVisible();
    await expect(card('Total Questions').getByText('3', { exact: true })).toBeVisible();
    await expect(card('Total Questions').getByText('1 answered · 2 pending')).toBeVisible();
    await expect(card('Total Payments').getByText('2', { exact: true })).toBeVisible();
    await expect(card('Total Earnings').getByText('21.00 USD')).toBeVisible();
    await expect(
      card('Total Earnings').getByText('Platform fees kept · 1 payout pending'),
    ).toBeVisible();

    // Users tab: the filter asks the server.
    const users = page.getByRole('table', { name: 'Users' });
    await expect(users.getByRole('row', { name: /Sky Fisher/ })).toBeVisible();
    await page.getByLabel('Filter users').fill('riley');
    await expect(users.getByRole('row', { name: /Riley Quinn/ })).toBeVisible();
    await expect(users.getByRole('row', { name: /Sky Fisher/ })).not.toBeAttached();
    await expect(
      users.getByRole('row', { name: /Riley Quinn.*Player.*1 asked.*50\.00 spent/ }),
    ).toBeVisible();

    await page.getByRole('tab', { name: 'Questions' }).click();
    await expect(
      page.getByRole('table', { name: 'Questions' }).getByText('jordan@example.test').first(),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Payments' }).click();
    await expect(page.getByRole('table', { name: 'Payments' }).getByText('50.00')).toBeVisible();

    // Act on the report: confirmed, once.
    await page.getByRole('tab', { name: 'Reports' }).click();
    const reports = page.getByRole('table', { name: 'Abuse reports' });
    const report = reports.getByRole('row', { name: /The answer was rude about my height/ });
    await expect(report).toBeVisible();
    await report.getByRole('button', { name: 'Hold payout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hold payout' });
    await dialog.getByRole('button', { name: 'Confirm: Hold payout' }).click();
    await expect(page.getByRole('status').getByText('Payout held', { exact: true })).toBeVisible();
    await expect(report).not.toBeAttached();
    await page.getByLabel('Report status').selectOption('actioned');
    await expect(
      reports.getByRole('row', { name: /The answer was rude.*held by an administrator/ }),
    ).toBeVisible();

    // A valid stored token skips the login page.
    await page.goto('/admin-access');
    await page.waitForURL('**/admin-dashboard');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin-access');
    await expect(page.getByText('Logged out: You have been successfully logged out')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
  });

  test('has no serious or critical accessibility violations at 1280 and 390 px', async ({
    newPage,
  }) => {
    for (const width of [1280, 390]) {
      const page = await pageForAxe(newPage, width);
      await page.goto('/admin-access');
      await expect(page.getByRole('heading', { name: 'Administrator login' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await logIn(page, ADMIN.username, ADMIN.password);
      await page.waitForURL('**/admin-dashboard');
      for (const tab of ['Users', 'Questions', 'Payments', 'Reports', 'Disputes', 'Messages']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
        await expect(page.getByText('Loading…').first()).not.toBeAttached();
        expect(await seriousViolations(page), `${tab} at ${width}px`).toEqual([]);
      }
    }
  });

  test("an invalid stored token is removed with 'Session Expired'", async ({ page }) => {
    await page.evaluate(() => localStorage.setItem('admin_token', 'made-up-token'));
    await page.goto('/admin-dashboard');
    await page.waitForURL('**/admin-access');
    await expect(page.getByText('Session Expired: Please log in again')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
  });

  test("says 'Failed to fetch dashboard data.' when the figures cannot be loaded", async ({
    page,
  }) => {
    await page.goto('/admin-access');
    await logIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/admin-dashboard');
    await page.route('**/api/admin/stats', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.route('**/api/admin/users?*', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.reload();
    await expect(page.getByText('Failed to fetch dashboard data.').first()).toBeVisible();
  });

  test('locks the form after five failures', async ({ page }) => {
    await page.goto('/admin-access');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await logIn(page, 'lock-target', 'wrong-password');
      await expect(
        page.getByText(
          `Failed login attempts: ${attempt}. Account will be locked after 5 attempts.`,
        ),
      ).toBeVisible();
    }
    await expect(
      page.getByText('Account temporarily locked due to multiple failed attempts.'),
    ).toBeVisible();
    await expect(page.getByLabel('Username')).toBeDisabled();
    await expect(page.getByLabel('Password')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Secure Login' })).toBeDisabled();
  });

  test('turns on two-factor sign-in, then asks for the code at the next login', async ({
    page,
  }) => {
    await page.goto('/admin-access');
    await logIn(page, 'totp-admin', ADMIN.password);
    await page.waitForURL('**/admin-dashboard');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code to add Playbook Admin to an authenticator app' }),
    ).toBeVisible();
    const key = (await page.locator('code').innerText()).trim();
    // What the authenticator app shows now, and one step later (a code works only once).
    const app = new TOTP({ secret: Secret.fromBase32(key) });
    const code = (steps: number) => app.generate({ timestamp: Date.now() + steps * 30_000 });

    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(
      page.getByText('That code is not right. Check your authenticator app and try again.'),
    ).toBeVisible();
    await page.getByLabel('Authentication code').fill(code(0));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText(/Two-factor sign-in is on/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin-access');

    await logIn(page, 'totp-admin', ADMIN.password);
    await expect(page.getByLabel('Authentication code')).toBeVisible();
    await page.getByLabel('Authentication code').fill(code(1));
    await page.getByRole('button', { name: 'Secure Login' }).click();
    await page.waitForURL('**/admin-dashboard');
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();
  });

  test('downloads the statement of payments and payouts for a date range as CSV', async ({
    page,
  }) => {
    await page.goto('/admin-access');
    await logIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/admin-dashboard');
    await page.getByRole('tab', { name: 'Payments' }).click();
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From').fill(today);
    await page.getByLabel('To').fill(today);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download statement CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-${today}-to-${today}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Type,Date,Question reference,Question id,Coach,Gross,Coach share,State,Provider id,Refunded,Kept',
    );
    // The seeded figures: two payments ($50.00 with its $35.00 payout, $20.00) and that payout.
    const rows = lines.slice(1).map((line) => line.split(','));
    const payments = rows.filter((r) => r[0] === 'payment').map((r) => [r[4], r[5], r[6]]);
    expect(payments.sort()).toEqual([
      ['Maya Torres', '20.00', ''],
      ['Maya Torres', '50.00', '35.00'],
    ]);
    // Its state depends on the payout sweep and the other tests' actions (pending or held).
    const payoutRows = rows.filter((r) => r[0] === 'payout');
    expect(payoutRows.map((r) => [r[5], r[6]])).toEqual([['50.00', '35.00']]);
    expect(['pending', 'held']).toContain(payoutRows[0]?.[7]);
  });
});
