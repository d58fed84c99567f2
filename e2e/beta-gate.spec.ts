import { test, expect } from './support/fixtures';
import { E2E_BETA_CODE } from './support/constants';
import { expectVisible } from './support/browser';

test.describe('beta gate', () => {
  test("refuses a wrong code with 'Invalid access code', then admits the right one", async ({
    newVisitor,
  }) => {
    const page = await newVisitor();
    await page.goto('/');
    const code = page.getByLabel('Access code');
    await expectVisible(code);
    expect(await page.getByRole('heading', { name: 'Ask. Answer. Win.' }).count()).toBe(0);

    await code.fill('not-the-code');
    await page.getByRole('button', { name: 'Enter' }).click();
    await expectVisible(page.getByText('Invalid access code'));
    expect(await page.evaluate(() => localStorage.getItem('beta_access'))).toBeNull();

    await code.fill(E2E_BETA_CODE);
    await page.getByRole('button', { name: 'Enter' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Ask. Answer. Win.' }));
    expect(await page.evaluate(() => localStorage.getItem('beta_access'))).toBe('granted');

    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Ask. Answer. Win.' }));
  });

  test('admits a visitor who brings the code as ?access= and removes it from the address', async ({
    newVisitor,
  }) => {
    const page = await newVisitor();
    await page.goto(`/about?access=${E2E_BETA_CODE}`);
    await expectVisible(page.getByRole('heading', { name: "It's game time." }));
    expect(new URL(page.url()).search).toBe('');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'beta_access')).toMatchObject({ httpOnly: true });
  });

  test('keeps the gate closed for a wrong ?access= code', async ({ newVisitor }) => {
    const page = await newVisitor();
    await page.goto('/?access=guess');
    await expectVisible(page.getByText('Invalid access code'));
    await expectVisible(page.getByLabel('Access code'));
  });
});
