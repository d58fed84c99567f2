import { test, expect } from './support/fixtures';
import { HOME_COACH_LIMIT } from '../contracts/limits';
import { DEMO_COACHES } from '../scripts/seed-demo';

test.describe('home page for a signed-out visitor', () => {
  test('shows the hero, how it works, the two audiences and the newest Coaches', async ({
    page,
  }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Ask. Answer. Win.' })).toBeVisible();
    for (const step of ['Pick Your Coach', 'Ask Your Question', 'Get Your Playbook']) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'For Players' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'For Coaches' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meet Our Coaches' })).toBeVisible();
    // Other test files add Coaches to the same server, so the expectation comes from the API.
    const api = (await (await page.request.get('/api/coaches/newest')).json()) as {
      coaches: { name: string }[];
      total: number;
    };
    expect(api.total).toBeGreaterThanOrEqual(DEMO_COACHES.length);
    await expect(page.getByText(`${api.total} Coaches`, { exact: true })).toBeVisible();

    const cards = page
      .getByRole('heading', { level: 3 })
      .filter({ hasNotText: /^(Pick|Ask|Get) / });
    await expect(cards.first()).toBeVisible();
    await expect(cards).toHaveText(api.coaches.map((c) => c.name));
    expect(api.coaches).toHaveLength(HOME_COACH_LIMIT);
  });

  test('shows Refer a Friend, Sign Up and Sign In in the header', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Refer a Friend' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
  });

  test('Refer a Friend copies the sign-up link', async ({ newPage, server }) => {
    const page = await newPage({
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.getByRole('button', { name: 'Refer a Friend' }).click();
    await expect(page.getByRole('status').getByText('Link copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${server.baseUrl}/auth`,
    );
  });

  test('asks the visitor to copy the link by hand when copying fails', async ({ page, server }) => {
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await page.getByRole('button', { name: 'Refer a Friend' }).click();
    await expect(
      page.getByRole('alert').getByText(`Please copy it manually: ${server.baseUrl}/auth`),
    ).toBeVisible();
  });

  test('lays out without horizontal scrolling on a 390 px phone', async ({ newPage }) => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    await expect(page.getByRole('heading', { name: 'Meet Our Coaches' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
