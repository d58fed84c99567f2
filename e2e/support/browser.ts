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
    const page = await context.newPage();
    reportServerFailures(page);
    waitForHydrationOnGoto(page);
    return page;
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

/**
 * Public pages arrive server-rendered and become interactive once React has hydrated them (ADR
 * 026); a test that acted before would race it. Every `goto` waits for the app's mark.
 */
function waitForHydrationOnGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
    return response;
  };
}

/**
 * Prints every API response of 500 or more, and every API request that failed other than by the
 * page aborting it, so a failed run in CI says what the server did.
 */
function reportServerFailures(page: Page): void {
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 500) {
      console.warn(
        `server failure: ${response.status()} ${response.request().method()} ${response.url()}`,
      );
    }
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    if (request.url().includes('/api/') && !reason.includes('ERR_ABORTED')) {
      console.warn(`request failed: ${request.method()} ${request.url()}: ${reason}`);
    }
  });
}

/**
 * Waits until exactly one element matches and is visible. On failure the message also gives the
 * page's address and what it showed, which is all a CI log keeps.
 */
export async function expectVisible(locator: Locator): Promise<void> {
  try {
    // Generous: a busy 2-core CI machine runs the server, Chromium and the test runner at once.
    await locator.waitFor({ state: 'visible', timeout: 20_000 });
  } catch (error) {
    const page = locator.page();
    const shown = await page
      .locator('body')
      .innerText({ timeout: 1_000 })
      .catch(() => '(unreadable)');
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\nAt ${page.url()} the page showed:\n${shown.slice(0, 1_500)}`, {
      cause: error,
    });
  }
}
