import { test, expect } from './support/fixtures';

/**
 * Issue 26, "Honest states": offline says "You're offline" and recovers by itself. A refusal said
 * at once, 'Try again' on a server or network failure and the skeleton of a slow load are proved
 * without a browser: web/features/questions/honest-states.test.tsx (ADR 080).
 */

test('offline says "You\'re offline" and the page loads by itself when the connection returns', async ({
  player,
}) => {
  const { page } = player;
  await page.goto('/about');
  await page.context().setOffline(true);
  await expect(page.getByRole('status').getByText("You're offline")).toBeVisible();

  // A page whose code is not loaded yet cannot open: it says why, not 'Something went wrong'.
  await page.getByRole('link', { name: 'Account Settings' }).first().click();
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);

  await page.context().setOffline(false);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText("You're offline")).toHaveCount(0);
});
