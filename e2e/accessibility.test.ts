import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { expectVisible, useBrowser } from './support/browser';

describe('accessibility (axe-core)', () => {
  const browser = useBrowser();

  it.each([
    ['/', 'Ask. Answer. Win.'],
    ['/about', "It's game time."],
    ['/contact', 'Contact'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/revenue', 'Revenue Agreement'],
    ['/coaches', 'Find Your Coach'],
    ['/missing-page', 'Oops! Page not found'],
  ])('%s has no serious or critical violations at 1280 and 390 px', async (path, heading) => {
    for (const width of [1280, 390]) {
      // axe is injected as a script; the app's CSP rightly refuses that, so this context bypasses it.
      const page = await browser.newAdmittedVisitor({
        viewport: { width, height: 900 },
        bypassCSP: true,
      });
      await page.goto(path);
      await expectVisible(page.getByRole('heading', { level: 1, name: heading }));
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  it('the beta gate has no serious or critical violations', async () => {
    const page = await browser.newVisitor({ bypassCSP: true });
    await page.goto('/');
    await expectVisible(page.getByLabel('Access code'));
    expect(await seriousViolations(page)).toEqual([]);
  });
});
