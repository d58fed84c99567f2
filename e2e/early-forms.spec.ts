import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { CONTACT_MESSAGES } from '../contracts/contact';
import { joined } from '../contracts/messages';
import { BETA_COOKIE, betaToken } from '../server/modules/beta/access-token';
import { confirmationLink, createUser, PASSWORD, uniqueEmail } from './support/accounts';
import { E2E_APP_SECRET, E2E_BETA_CODE } from './support/constants';
import { expect, test, type AppServer } from './support/fixtures';

/**
 * Forms used the moment they are on screen (ADR 053, issue 26): a password manager, or a person on
 * a slow phone, types and sends before the app's code has loaded. These tests run on a throttled
 * phone (CPU ×6, Lighthouse's slow 4G, 390 px wide), act right after `domcontentloaded` and never
 * wait for `html[data-hydrated]`; sign-in and the directory search also run with JavaScript off.
 */
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** A fresh browser context on the test server: admitted through the beta gate unless told not. */
async function visitor(
  browser: Browser,
  server: AppServer,
  options: { admitted?: boolean; javaScript?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: server.baseUrl,
    javaScriptEnabled: options.javaScript ?? true,
  });
  if (options.admitted ?? true) {
    await context.addCookies([
      {
        name: BETA_COOKIE,
        value: betaToken(E2E_APP_SECRET, E2E_BETA_CODE),
        url: server.baseUrl,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
  }
  return context.newPage();
}

/** CPU ×6 and slow 4G, as Lighthouse's mobile run; kept for every page load of `page`. */
async function throttle(page: Page): Promise<Page> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  return page;
}

const open = (page: Page, url: string) => page.goto(url, { waitUntil: 'domcontentloaded' });

test.describe('forms used before the app has loaded, on a throttled phone', () => {
  test.setTimeout(120_000);

  test("the beta gate refuses a wrong code with 'Invalid access code', keeping it, then admits", async ({
    browser,
    server,
  }) => {
    const page = await throttle(await visitor(browser, server, { admitted: false }));
    await open(page, '/');
    const code = page.getByLabel('Access code');
    await code.fill('not-the-code');
    await page.getByRole('button', { name: 'Enter' }).click();
    await expect(page.getByText('Invalid access code').first()).toBeVisible();
    await expect(page.getByLabel('Access code')).toHaveValue('not-the-code');
    await expect(page.getByRole('heading', { name: 'Ask. Answer. Win.' })).toHaveCount(0);

    await open(page, '/about');
    await page.getByLabel('Access code').fill(E2E_BETA_CODE);
    await page.getByRole('button', { name: 'Enter' }).click();
    await expect(page.getByRole('heading', { name: "It's game time." })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/about');
    await page.context().close();
  });

  test('sign-in takes the visitor where they were going', async ({ browser, server, newPage }) => {
    const { email } = await createUser(await newPage(), { roles: ['asker'] });
    const page = await throttle(await visitor(browser, server));
    await open(page, '/auth?mode=signin&redirect=%2Fasker-inbox');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);

    await open(page, '/auth?mode=signin&redirect=%2Fasker-inbox');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/asker-inbox');
    await expect(page.getByRole('heading', { level: 1, name: 'My Questions' })).toBeVisible();
    await page.context().close();
  });

  test('sign-up keeps what was typed and sends it', async ({ browser, server }) => {
    const page = await throttle(await visitor(browser, server));
    await open(page, '/auth?mode=signup');
    // The fields take input only once the form works; typing right away waits for that.
    await page.getByLabel('Name').fill('Early Bird');
    await page.getByLabel('Email').fill(uniqueEmail('early'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel(/I agree to the Terms of Service and Privacy Policy/).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Please check your email to confirm your account.')).toBeVisible();
    await page.context().close();
  });

  test('forgot and reset password keep what was typed', async ({ browser, server, newPage }) => {
    const helper = await newPage();
    const { email } = await createUser(helper, { roles: ['asker'] });
    const page = await throttle(await visitor(browser, server));
    await open(page, '/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/If an account uses that e-mail, we sent it a link/)).toBeVisible();

    const link = await confirmationLink(helper, email, 'Reset your Playbook password');
    await open(page, link);
    await page.getByLabel('New password', { exact: true }).fill('a-new-password-1');
    await page.getByLabel('Confirm new password').fill('a-new-password-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    // A mismatch is the form's own message, and both fields keep what was typed.
    await expect(page.getByText('The two passwords do not match')).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('a-new-password-1');
    await expect(page.getByLabel('Confirm new password')).toHaveValue('a-new-password-2');
    await page.getByLabel('Confirm new password').fill('a-new-password-1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText(/Sign in with your new password/)).toBeVisible();
    await page.context().close();
  });

  test('contact sends what was typed', async ({ browser, server }) => {
    const page = await throttle(await visitor(browser, server));
    await open(page, '/contact');
    await page.getByLabel('Name').fill('Jordan Lee');
    await page.getByLabel('Email').fill('jordan@example.com');
    await page.getByLabel('Topic').selectOption({ label: 'Issue with response' });
    await page.getByLabel('Subject').fill('My answer has not arrived yet');
    await page.getByLabel('How can we help?').fill('I asked a question last week.');
    await page.getByLabel(/I agree to the Terms of Service and Privacy Policy/).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(joined(CONTACT_MESSAGES.sent))).toBeVisible();
    await page.context().close();
  });

  test('directory search finds a Coach', async ({ browser, server }) => {
    const page = await throttle(await visitor(browser, server));
    await open(page, '/coaches');
    await page.getByLabel('Search Coaches').fill('Lena Fischer');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'Lena Fischer');
    await expect(page.getByRole('link', { name: /Lena Fischer/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Dev Patel/ })).toHaveCount(0);
    await page.context().close();
  });

  test('the ask form sends the question', async ({ coach, newPage }) => {
    const player = await newPage();
    await createUser(player, { roles: ['asker'] });
    const page = await throttle(await player.context().newPage());
    await open(page, `/ask/${coach.coachId}`);
    await page.getByLabel('Your Question').fill('How should I warm up before a big match?');
    await page.getByLabel('I pledge to keep my question respectful and on-topic.').check();
    await page
      .getByLabel(/I agree to the Terms of Service and Privacy Policy, and that the Coach receives/)
      .check();
    await page.getByRole('button', { name: 'Submit Question' }).click();
    await page.waitForURL('**/test-checkout/**');
  });
});

test.describe('with JavaScript off', () => {
  test('sign-in works and honours the redirect', async ({ browser, server, newPage }) => {
    const { email } = await createUser(await newPage(), { roles: ['asker'] });
    const page = await visitor(browser, server, { javaScript: false });
    await page.goto('/auth?mode=signin&redirect=%2Fcoaches');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password')).toHaveValue('');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/coaches');
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name.includes('session_token'))).toBe(true);
    await page.context().close();
  });

  test('directory search works as a plain GET form', async ({ browser, server }) => {
    const page = await visitor(browser, server, { javaScript: false });
    await page.goto('/coaches');
    await page.getByLabel('Search Coaches').fill('tennis');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'tennis');
    await expect(page.getByRole('link', { name: /Lena Fischer/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Dev Patel/ })).toHaveCount(0);
    await page.context().close();
  });

  test('the beta gate admits by its form and by the ?access= link', async ({ browser, server }) => {
    const page = await visitor(browser, server, { admitted: false, javaScript: false });
    await page.goto('/contact');
    await page.getByLabel('Access code').fill(E2E_BETA_CODE);
    await page.getByRole('button', { name: 'Enter' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/contact');

    const linked = await visitor(browser, server, { admitted: false, javaScript: false });
    await linked.goto(`/about?access=${E2E_BETA_CODE}`);
    await expect(linked.getByRole('heading', { name: "It's game time." })).toBeVisible();
    expect(new URL(linked.url()).search).toBe('');
    await page.context().close();
    await linked.context().close();
  });
});
