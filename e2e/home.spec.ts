import { test, expect } from './support/fixtures';
import { HOME_COACH_LIMIT } from '../contracts/limits';
import { DEMO_COACHES } from '../scripts/seed-demo';
import { expectVisible } from './support/browser';

test.describe('home page for a signed-out visitor', () => {
  test('shows the hero, how it works, the two audiences and the newest Coaches', async ({
    page,
  }) => {
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Ask. Answer. Win.' }));
    for (const step of ['Pick Your Coach', 'Ask Your Question', 'Get Your Playbook']) {
      await expectVisible(page.getByRole('heading', { name: step }));
    }
    await expectVisible(page.getByRole('heading', { name: 'For Players' }));
    await expectVisible(page.getByRole('heading', { name: 'For Coaches' }));
    await expectVisible(page.getByRole('heading', { name: 'Meet Our Coaches' }));
    // Other test files add Coaches to the same server, so the expectation comes from the API.
    const api = (await (await page.request.get('/api/experts/newest')).json()) as {
      coaches: { name: string }[];
      total: number;
    };
    expect(api.total).toBeGreaterThanOrEqual(DEMO_COACHES.length);
    await expectVisible(page.getByText(`${api.total} Coaches`, { exact: true }));

    const cards = page
      .getByRole('heading', { level: 3 })
      .filter({ hasNotText: /^(Pick|Ask|Get) / });
    await expectVisible(cards.first());
    expect(await cards.allTextContents()).toEqual(api.coaches.map((c) => c.name));
    expect(api.coaches).toHaveLength(HOME_COACH_LIMIT);
  });

  test('shows Refer a Friend, Sign Up and Sign In in the header', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expectVisible(nav.getByRole('button', { name: 'Refer a Friend' }));
    await expectVisible(nav.getByRole('link', { name: 'Sign Up' }));
    await expectVisible(nav.getByRole('link', { name: 'Sign In' }));
    expect(await nav.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(
      '/auth?mode=signup',
    );
  });

  test('Refer a Friend copies the sign-up link', async ({ newPage, server }) => {
    const page = await newPage({
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.getByRole('button', { name: 'Refer a Friend' }).click();
    await expectVisible(page.getByRole('status').getByText('Link copied!'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${server.baseUrl}/auth`,
    );
  });

  test('asks the visitor to copy the link by hand when copying fails', async ({ page, server }) => {
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await page.getByRole('button', { name: 'Refer a Friend' }).click();
    await expectVisible(
      page.getByRole('alert').getByText(`Please copy it manually: ${server.baseUrl}/auth`),
    );
  });

  test('lays out without horizontal scrolling on a 390 px phone', async ({ newPage }) => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    await expectVisible(page.getByRole('heading', { name: 'Meet Our Coaches' }));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
