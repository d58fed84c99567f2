import type { Page } from '@playwright/test';
import { PEOPLE_MESSAGES } from '../contracts/admin-people';
import { DIRECTORY_MESSAGES } from '../contracts/directory';
import { PROFILE_NOT_FOUND_MESSAGES } from '../contracts/profile-not-found';
import { QUESTION_MESSAGES } from '../contracts/questions';
import { PASSWORD } from './support/accounts';
import { signInAsAdministrator } from './support/administrator';
import { expect, test } from './support/fixtures';
import { PHONE } from './support/layout';
import { askAndPay } from './support/questions';

/**
 * Suspending a Coach (issue 24, ADR 061), with the administrator, the Coach and a Player in three
 * browser contexts: the Coach's session ends and sign-in is refused, their page and directory card
 * disappear, their paid unanswered question is refunded; restoring brings them back.
 */
const TOKEN = `vale${Date.now().toString(36)}`;

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The default directory view searched for `name`. */
async function directoryCard(page: Page, name: string) {
  await page.goto(`/coaches?q=${encodeURIComponent(name)}`);
  return page.getByRole('region', { name: 'Coaches found' }).getByRole('link', {
    name: new RegExp(name),
  });
}

/** Signs in through the form on `page`. */
async function signIn(page: Page, email: string) {
  await page.goto('/auth?mode=signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('suspending a Coach', () => {
  // Three people, a payment and the portal on a loaded machine; the fixtures' set-up counts too.
  test.describe.configure({ timeout: 300_000 });
  const coachName = `Sol Suspended ${TOKEN}`;
  test.use({ coachName, playerName: 'Ari Refunded' });

  test('ends their session, refuses sign-in, hides them, refunds their waiting question; restore brings them back', async ({
    coach: { page: coach, coachId, email: coachEmail },
    player: { page: player },
    newPage,
  }) => {
    const reason = 'Asked Players to pay outside Playbook.';
    const path = await askAndPay(player, coachId, 'How do I build a weekly plan?');
    const questionId = path.split('/').pop() ?? '';
    await expect(await directoryCard(player, coachName)).toBeVisible();

    // The administrator opens the Coach from the Users table and suspends them with a reason.
    const admin = await newPage({ viewport: PHONE });
    await signInAsAdministrator(admin);
    await admin.getByLabel('Filter users').fill(TOKEN);
    await admin
      .getByRole('table', { name: 'Users' })
      .getByRole('link', { name: coachName })
      .first()
      .click();
    await admin.waitForURL('**/admin-users/**');
    await admin.getByLabel('Reason to suspend').fill(reason);
    await admin.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect(admin.getByText(PEOPLE_MESSAGES.suspended)).toBeVisible();
    await expect(admin.getByText(reason).first()).toBeVisible();
    await screenshot(admin, 'admin-user-suspended-390');

    // The Coach's session has ended, and signing in again is refused with the reason why.
    await coach.reload();
    await expect(coach.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    expect((await coach.request.get('/api/account/sessions')).status()).toBe(401);
    await signIn(coach, coachEmail);
    await expect(coach.getByText(PEOPLE_MESSAGES.signInRefused)).toBeVisible();

    // Their page and card are gone; the Player's waiting question is refunded in full.
    // (Cached lists may take their 10 s to follow: ADR 061.)
    await player.goto(`/expert/${coachId}`);
    await expect(player.getByText(PROFILE_NOT_FOUND_MESSAGES.coachNotFound)).toBeVisible();
    await expect(async () => {
      await directoryCard(player, coachName);
      await expect(player.getByText(DIRECTORY_MESSAGES.empty)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect
      .poll(
        async () =>
          (
            (await (await player.request.get(`/api/questions/${questionId}`)).json()) as {
              paymentStatus: string;
            }
          ).paymentStatus,
        { message: 'the waiting question is refunded', intervals: [500] },
      )
      .toBe('refunded');
    await player.goto(path);
    await expect(player.getByRole('heading', { name: 'Question Refunded' })).toBeVisible();
    // Refunded before its deadline: the page does not blame the clock.
    await expect(player.getByText(QUESTION_MESSAGES.refundedEarly)).toBeVisible();
    await expect(player.getByText(/not answered within/)).toHaveCount(0);

    // Restored: the page and the card are back, and the Coach can sign in.
    await admin.getByLabel('Reason to restore').fill('Cleared after talking to the Coach.');
    await admin.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(admin.getByText(PEOPLE_MESSAGES.restored)).toBeVisible();
    await player.goto(`/expert/${coachId}`);
    await expect(player.getByRole('heading', { level: 1, name: coachName })).toBeVisible();
    await expect(async () => {
      await expect(await directoryCard(player, coachName)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await signIn(coach, coachEmail);
    await coach.waitForURL((url) => !url.pathname.startsWith('/auth'));
    expect((await coach.request.get('/api/account/sessions')).status()).toBe(200);
  });
});
