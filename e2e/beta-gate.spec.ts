import { test, expect } from './support/fixtures';
import { E2E_BETA_CODE } from './support/constants';

test.describe('beta gate', () => {
  test("refuses a wrong code with 'Invalid access code', then admits the right one", async ({
    newVisitor,
  }) => {
    const page = await newVisitor();
    await page.goto('/');
    const code = page.getByLabel('Access code');
    await expect(code).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ask. Answer. Win.' })).toHaveCount(0);

    await code.fill('not-the-code');
    await page.getByRole('button', { name: 'Enter' }).click();
    await expect(page.getByText('Invalid access code')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('beta_access'))).toBeNull();

    await code.fill(E2E_BETA_CODE);
    await page.getByRole('button', { name: 'Enter' }).click();
    await expect(page.getByRole('heading', { name: 'Ask. Answer. Win.' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('beta_access'))).toBe('granted');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Ask. Answer. Win.' })).toBeVisible();
  });

  test('admits a visitor who brings the code as ?access= and removes it from the address', async ({
    newVisitor,
  }) => {
    const page = await newVisitor();
    await page.goto(`/about?access=${E2E_BETA_CODE}`);
    await expect(page.getByRole('heading', { name: "It's game time." })).toBeVisible();
    await expect(page).toHaveURL((url) => url.search === '');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'beta_access')).toMatchObject({ httpOnly: true });
  });

  test('keeps the gate closed for a wrong ?access= code', async ({ newVisitor }) => {
    const page = await newVisitor();
    await page.goto('/?access=guess');
    await expect(page.getByText('Invalid access code')).toBeVisible();
    await expect(page.getByLabel('Access code')).toBeVisible();
  });
});
