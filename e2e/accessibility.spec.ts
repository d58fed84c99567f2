import { test, expect } from './support/fixtures';
import { pageForAxe, seriousViolations } from './support/axe';

test.describe('accessibility (axe-core)', () => {
  for (const [path, heading] of [
    ['/', 'Ask. Answer. Win.'],
    ['/about', "It's game time."],
    ['/contact', 'Contact'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/revenue', 'Revenue Agreement'],
    ['/coaches', 'Find Your Coach'],
    ['/missing-page', 'Oops! Page not found'],
  ] as const) {
    test(`${path} has no serious or critical violations at 1280 and 390 px`, async ({
      newPage,
    }) => {
      for (const width of [1280, 390]) {
        const page = await pageForAxe(newPage, width);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      }
    });
  }

  test('the beta gate has no serious or critical violations', async ({ newVisitor }) => {
    const page = await newVisitor({ bypassCSP: true });
    await page.goto('/');
    await expect(page.getByLabel('Access code')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
