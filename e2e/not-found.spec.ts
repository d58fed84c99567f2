import { readFile } from 'node:fs/promises';
import { test, expect } from './support/fixtures';

test.describe('unknown paths', () => {
  test("show 'Oops! Page not found', log the path on the server, and lead home", async ({
    page,
    server,
  }) => {
    const reported = page.waitForResponse('**/api/not-found-reports');
    await page.goto('/no/such/page-42');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    expect((await reported).status()).toBe(204);
    // The server's log reaches its file through a pipe, a moment after the response.
    const findEntry = async () =>
      (await readFile(server.logFile, 'utf8'))
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.msg === 'page not found' && line.path === '/no/such/page-42');
    await expect
      .poll(findEntry, { intervals: [100] })
      .toMatchObject({ level: 40, requestId: expect.any(String) });

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page.getByRole('heading', { name: 'Ask. Answer. Win.' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});

test.describe('the error boundary', () => {
  test("shows 'Something went wrong' with 'Refresh Page' when a page fails to load", async ({
    page,
  }) => {
    // A page chunk that cannot be loaded (a deploy replaced it, the network dropped) must not
    // leave a blank screen.
    await page.route('**/assets/about-*.js', (route) => route.abort());
    await page.getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await page.unroute('**/assets/about-*.js');
    await page.getByRole('button', { name: 'Refresh Page' }).click();
    await expect(page.getByRole('heading', { name: "It's game time." })).toBeVisible();
  });
});
