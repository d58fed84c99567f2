import type { Browser, BrowserContextOptions, Page, TestInfo } from '@playwright/test';
import { BETA_COOKIE, betaToken } from '../../server/modules/beta/access-token';
import { E2E_APP_SECRET, E2E_BETA_CODE } from './constants';

export interface PageOptions {
  baseUrl: string;
  admitted: boolean;
  /**
   * Open the home page once the gate is passed (default yes). A page about to be signed in through
   * the API skips it: the fixture opens the home page once the account exists, and a visitor's home
   * page first would cost the browser a whole page load for nothing.
   */
  home?: boolean;
}

/**
 * Gets `page` ready for a test: server failures reported, every `goto` waiting for hydration and,
 * when `admitted`, the beta gate passed and (unless `home` is false) the home page open.
 */
export async function preparePage(page: Page, options: PageOptions): Promise<Page> {
  reportServerFailures(page);
  waitForHydrationOnGoto(page);
  if (!options.admitted) return page;
  // The fixture sets the cookie the server would have set, so tests other than the gate's own do
  // not spend its rate limit.
  await page.context().addCookies([
    {
      name: BETA_COOKIE,
      value: betaToken(E2E_APP_SECRET, E2E_BETA_CODE),
      url: options.baseUrl,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  if (options.home === false) return page;
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign In' }).waitFor();
  return page;
}

/** A page in a context of its own (its own cookies and storage), prepared as `preparePage` does. */
export async function openPage(
  browser: Browser,
  options: PageOptions & { context?: BrowserContextOptions },
): Promise<Page> {
  const context = await browser.newContext({ ...options.context, baseURL: options.baseUrl });
  return preparePage(await context.newPage(), options);
}

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
 * When the test failed, prints where each of its pages was and what it showed: a failed assertion
 * names the locator it waited for, and this is the rest of what a CI log keeps.
 */
export async function reportPagesOnFailure(pages: Page[], testInfo: TestInfo): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const page of pages) {
    if (page.isClosed()) continue;
    const shown = await page
      .locator('body')
      .innerText({ timeout: 1_000 })
      .catch(() => '(unreadable)');
    console.warn(`At ${page.url()} the page showed:\n${shown.slice(0, 1_500)}`);
  }
}
