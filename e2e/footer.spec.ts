import { test, expect } from './support/fixtures';

/**
 * The footer in a browser: each link reaches its page through the app's router. What the pages
 * say (the legal texts, the sign-up links, the configured addresses) is checked on the
 * server-rendered pages (server/plugins/rendered-content.test.ts, ADR 078).
 */
test('the footer reaches About, Contact and the legal pages', async ({ page }) => {
  const footer = page.getByRole('navigation', { name: 'Footer' });
  for (const [label, path, heading] of [
    ['About', '/about', "It's game time."],
    ['Contact', '/contact', 'Contact'],
    ['Privacy Policy', '/privacy', 'Privacy Policy'],
    ['Terms of Service', '/terms', 'Terms of Service'],
    ['Revenue Agreement', '/revenue', 'Revenue Agreement'],
  ] as const) {
    await footer.getByRole('link', { name: label }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === path);
  }
});
