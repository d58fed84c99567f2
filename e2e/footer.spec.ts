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
    await expect
      .poll(() => instagram.getAttribute('href'), { timeout: 20_000 })
      .toBe(E2E_INSTAGRAM_URL);
    expect(await instagram.getAttribute('target')).toBe('_blank');
  });
});

test.describe('public pages', () => {
  test("About's sign-up buttons lead to Player and Coach sign-up", async ({ page }) => {
    await page.goto('/about');
    expect(await page.getByRole('link', { name: 'Sign Up as a Player' }).getAttribute('href')).toBe(
      '/auth?mode=signup',
    );
    expect(await page.getByRole('link', { name: 'Sign Up as a Coach' }).getAttribute('href')).toBe(
      '/auth?mode=signup&type=expert',
    );
  });

  test('Terms state the date, the operator, Australian arbitration, refunds and banned content', async ({
    page,
  }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    const text = await page.locator('main').innerText();
    expect(text).toContain('8/26/2025');
    expect(text).toContain('Playbook Marketplace Pty Ltd');
    expect(text).toMatch(/binding arbitration/i);
    expect(text).toMatch(/Australia/);
    expect(text).toMatch(/refund/i);
    expect(text).toMatch(/harassment/i);
  });

  test('the Revenue Agreement derives its worked example from the 70% split', async ({ page }) => {
    await page.goto('/revenue');
    await expect(page.getByRole('heading', { level: 1, name: 'Revenue Agreement' })).toBeVisible();
    const text = await page.locator('main').innerText();
    expect(text).toContain(
      '$50.00 question fee: the Coach receives $35.00, the platform keeps $15.00',
    );
    expect(text).toContain('2-7 business days');
    expect(text).toMatch(/30 days/);
    expect(text).not.toMatch(/20%|38\.50/);
  });

  test('the Privacy Policy gives the configured contact address', async ({ page }) => {
    await page.goto('/privacy');
    const links = page.getByRole('link', { name: 'support@playbook.local' });
    await expect(links.first()).toBeVisible();
    expect(await links.first().getAttribute('href')).toBe('mailto:support@playbook.local');
  });
});
