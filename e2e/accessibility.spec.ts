import { test, expect } from './support/fixtures';
import { pageForAxe, seriousViolations } from './support/axe';

const PAGES = [
  ['/', 'Ask. Answer. Win.'],
  ['/about', "It's game time."],
  ['/contact', 'Contact'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/revenue', 'Revenue Agreement'],
  ['/coaches', 'Find Your Coach'],
  ['/missing-page', 'Oops! Page not found'],
] as const;

test.describe('accessibility (axe-core)', () => {
  // One page per width visits every public page, as a person browsing the site would.
  for (const width of [1280, 390]) {
    test(`the public pages have no serious or critical violations at ${width} px`, async ({
      newPage,
    }) => {
      const page = await pageForAxe(newPage, width);
      for (const [path, heading] of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        expect(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
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
