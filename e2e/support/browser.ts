import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { BETA_COOKIE, betaToken } from '../../server/modules/beta/access-token';
import { E2E_APP_SECRET, E2E_BETA_CODE } from './constants';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';

/** One Chromium per test file; each test gets its own context (cookies, storage). */
/** `baseUrl`: another server than the shared one (read when each visitor is created). */
export function useBrowser(options: { baseUrl?: () => string } = {}) {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  const sharedBaseUrl = inject('baseUrl');
  const baseUrlNow = () => options.baseUrl?.() ?? sharedBaseUrl;

  /** A visitor who has not passed the beta gate. */
  async function newVisitor(contextOptions: ContextOptions = {}): Promise<Page> {
    if (!browser) throw new Error('Chromium did not start; see the beforeAll error.');
    const context = await browser.newContext({ baseURL: baseUrlNow(), ...contextOptions });
    contexts.push(context);
    return context.newPage();
  }

  /**
   * A visitor already admitted through the beta gate: the fixture sets the cookie the server would
   * have set, so tests other than the gate's own do not spend its rate limit.
   */
  async function newAdmittedVisitor(contextOptions: ContextOptions = {}): Promise<Page> {
    const page = await newVisitor(contextOptions);
    await page.context().addCookies([
      {
        name: BETA_COOKIE,
        value: betaToken(E2E_APP_SECRET, E2E_BETA_CODE),
        url: baseUrlNow(),
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    return page;
  }

  return { baseUrl: sharedBaseUrl, newVisitor, newAdmittedVisitor };
}

type ContextOptions = Parameters<Browser['newContext']>[0];

/** Waits until exactly one element matches and is visible; fails with the locator in the message. */
export async function expectVisible(locator: Locator): Promise<void> {
  // Generous: a busy 2-core CI machine runs the server, Chromium and the test runner at once.
  await locator.waitFor({ state: 'visible', timeout: 20_000 });
}
