import type { Browser, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { publicPages as everyPublicPage } from '../server/test/public-pages';
import { openPage } from './support/browser';

/**
 * Issue 26, "Server-rendered pages are clean": no console error, no uncaught error and no CSP
 * violation on any public page, signed out and signed in (Player and Coach), at 1280 and 390 px;
 * and with JavaScript off every page shows its header and its content.
 */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The public pages, with the seeded Coach and the file's Player. */
const publicPages = (playerId: string) =>
  everyPublicPage(
    { path: '/expert/maya-torres', name: 'Maya Torres' },
    { id: playerId, name: 'Clean Page Player' },
  );

/** Records CSP violations from the first script of every document the page loads. */
async function recordProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportViolation: (text: string) => void })
        .__reportViolation;
      report(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The not-found page is answered 404, which Chromium reports about the document itself; that
    // is the status working as intended, not the page's code failing.
    if (/Failed to load resource: the server responded with a status of 404/.test(message.text()))
      if (new URL(message.location().url).pathname.startsWith('/no/such/')) return;
    problems.push(`console error: ${message.text()} at ${message.location().url}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

async function checkEveryPage(page: Page, playerId: string, who: string) {
  const problems = await recordProblems(page);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const { path, heading } of publicPages(playerId)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      // Let late work (lazy chunks, realtime, idle tasks) run before judging the page.
      await page.waitForLoadState('networkidle');
      expect(problems, `${who} on ${path} at ${viewport.width} px`).toEqual([]);
    }
  }
}

/** A Player with a public profile, made once for the file, whose page the tests visit. */
async function playerProfileId(browser: Browser, baseUrl: string): Promise<string> {
  const page = await openPage(browser, { baseUrl, admitted: true });
  const { createUser } = await import('./support/accounts');
  await createUser(page, { name: 'Clean Page Player', roles: ['asker'] });
  const { user } = (await (await page.request.get('/api/account')).json()) as {
    user: { id: string };
  };
  await page.context().close();
  return user.id;
}

let playerId = '';
test.beforeAll(async ({ browser, server }) => {
  playerId = await playerProfileId(browser, server.baseUrl);
});

test.describe('server-rendered pages are clean', () => {
  // Twenty page loads at two widths, each waited on until the network is quiet.
  test.describe.configure({ timeout: 300_000 });

  test('signed out: no console error or CSP violation on any public page', async ({ newPage }) => {
    await checkEveryPage(await newPage(), playerId, 'a visitor');
  });

  test('signed in as a Player: no console error or CSP violation', async ({ player }) => {
    await checkEveryPage(player.page, playerId, 'a Player');
  });

  test('signed in as a Coach: no console error or CSP violation', async ({ coach }) => {
    await checkEveryPage(coach.page, playerId, 'a Coach');
  });
});

test.describe('with JavaScript off', () => {
  // One browser example; every page, signed out and signed in, is checked on the server-rendered
  // HTML (server/plugins/rendered-content.test.ts, ADR 078).
  test('every page shows its header and content (a visitor)', async ({ browser, server }) => {
    const context = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled: false });
    const setup = await openPage(browser, { baseUrl: server.baseUrl, admitted: true });
    await context.addCookies(await setup.context().cookies());
    await setup.context().close();
    const page = await context.newPage();
    for (const { path, heading } of publicPages(playerId)) {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Playbook home' })).toBeVisible();
      await expect(nav.getByRole('link', { name: /coaches/i }).first()).toBeAttached();
      await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await context.close();
  });
});
