import { test, expect } from './support/fixtures';
import { E2E_INSTAGRAM_URL } from './support/constants';

test.describe('footer', () => {
  for (const [label, path, heading] of [
    ['About', '/about', "It's game time."],
    ['Contact', '/contact', 'Contact'],
    ['Privacy Policy', '/privacy', 'Privacy Policy'],
    ['Terms of Service', '/terms', 'Terms of Service'],
    ['Revenue Agreement', '/revenue', 'Revenue Agreement'],
  ] as const) {
    test(`${label} reaches its page`, async ({ page }) => {
      await page
        .getByRole('navigation', { name: 'Footer' })
        .getByRole('link', { name: label })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === path);
    });
  }

  test('links Instagram to the configured address in a new tab', async ({ page }) => {
    const instagram = page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Instagram' });
    await expect(instagram).toBeVisible();
    // The footer paints before /api/config answers, so the configured address arrives a moment later.
    await expect(instagram).toHaveAttribute('href', E2E_INSTAGRAM_URL);
    await expect(instagram).toHaveAttribute('target', '_blank');
  });
});

test.describe('public pages', () => {
  test("About's sign-up buttons lead to Player and Coach sign-up", async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Sign Up as a Player' })).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
    await expect(page.getByRole('link', { name: 'Sign Up as a Coach' })).toHaveAttribute(
      'href',
      '/auth?mode=signup&type=expert',
    );
  });

  test('Terms state the date, the operator, Australian arbitration, refunds and banned content', async ({
    page,
  }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    const main = page.locator('main');
    await expect(main).toContainText('8/26/2025');
    await expect(main).toContainText('Playbook Marketplace Pty Ltd');
    await expect(main).toContainText(/binding arbitration/i);
    await expect(main).toContainText(/Australia/);
    await expect(main).toContainText(/refund/i);
    // The refund follows the Coach's promise, never later than the spec's 7 days (ADR 066).
    await expect(main).toContainText(
      'the Coach does not answer within the response time they promise, at most 7 days after your payment',
    );
    await expect(main).toContainText(/harassment/i);
  });

  test('the Revenue Agreement derives its worked example from the 70% split', async ({ page }) => {
    await page.goto('/revenue');
    await expect(page.getByRole('heading', { level: 1, name: 'Revenue Agreement' })).toBeVisible();
    const main = page.locator('main');
    await expect(main).toContainText(
      '$50.00 question fee: the Coach receives $35.00, the platform keeps $15.00',
    );
    await expect(main).toContainText('2-7 business days');
    await expect(main).toContainText(
      "do not answer it within the response time you promise (at most 7 days) after the Player's payment",
    );
    await expect(main).toContainText(/30 days/);
    await expect(main).not.toContainText(/20%|38\.50/);
  });

  test('the Privacy Policy gives the configured contact address', async ({ page }) => {
    await page.goto('/privacy');
    const links = page.getByRole('link', { name: 'support@playbook.local' });
    await expect(links.first()).toBeVisible();
    await expect(links.first()).toHaveAttribute('href', 'mailto:support@playbook.local');
  });
});
