import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { DIRECTORY_MESSAGES, DIRECTORY_PAGE_SIZE } from '../contracts/directory';
import { addRoles, createUser } from './support/accounts';
import { pageForAxe, seriousViolations } from './support/axe';
import { openPage } from './support/browser';

/** A word no other test's Coach has, so the searches below see only this file's Coaches. */
const TOKEN = `zorb${Date.now().toString(36)}`;
const PAGED = DIRECTORY_PAGE_SIZE + 2;
const STAR = { name: 'Wren Holloway', expertise: `${TOKEN} finishing under pressure`, price: 99 };

test.describe('the Coach directory', () => {
  let coachPage: Page;

  let origin = '';
  const saveProfile = (page: Page, values: { name: string; expertise: string; price: number }) =>
    page.request.put('/api/profiles/expert', {
      data: { ...values, acceptedAgreement: true },
      headers: { origin },
    });

  test.beforeAll(async ({ browser, server }) => {
    test.setTimeout(120_000);
    // Preconditions, not under test: made through the API side by side, with no page loaded.
    const newPage = () =>
      openPage(browser, { baseUrl: server.baseUrl, admitted: true, home: false });
    origin = server.baseUrl;
    const pages = await Promise.all(
      Array.from({ length: PAGED - 1 }, async (_, i) => {
        const page = await newPage();
        await createUser(page, { name: `Paging Coach ${i}`, origin });
        return page;
      }),
    );
    // One after the other: the directory lists the newest Coach first.
    for (const [i, page] of pages.entries()) {
      const name = `Paging Coach ${i}`;
      await addRoles(page, name, { roles: ['expert'], origin });
      await saveProfile(page, { name, expertise: `${TOKEN} drills`, price: 10 + i });
      await page.context().close();
    }
    coachPage = await newPage();
    await createUser(coachPage, { name: STAR.name, roles: ['expert'], origin });
    await saveProfile(coachPage, STAR);
  });
  test.afterAll(() => coachPage?.context().close());

  const cardHeadings = (page: Page) =>
    page.getByRole('region', { name: 'Coaches found' }).getByRole('heading', { level: 2 });
  const cardNames = async (page: Page) => {
    await expect(cardHeadings(page).first()).toBeVisible();
    return cardHeadings(page).allTextContents();
  };

  test('finds a Coach by a word of their expertise, and keeps the search in the URL', async ({
    page,
  }) => {
    await page.getByRole('link', { name: 'Coaches', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: DIRECTORY_MESSAGES.title }),
    ).toBeVisible();
    await page.getByLabel('Search Coaches').fill(`finishing ${TOKEN}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=finishing/);
    await expect(cardHeadings(page)).toHaveText([STAR.name]);
    const card = page.getByRole('link', { name: new RegExp(STAR.name) });
    await expect(card.getByText('$99')).toBeVisible();
    await expect(card.getByText('No ratings yet')).toBeVisible();
    await card.click();
    await expect(page.getByRole('heading', { level: 1, name: STAR.name })).toBeVisible();
  });

  test('says so when nothing matches', async ({ page }) => {
    await page.goto(`/coaches?q=${TOKEN}nothing`);
    await expect(page.getByText(DIRECTORY_MESSAGES.empty)).toBeVisible();
    await page.getByRole('link', { name: 'Clear search' }).click();
    await page.waitForURL(/\/coaches$/);
  });

  test('filters by price and sorts, and pages with Load more Coaches', async ({
    page,
    newPage,
  }) => {
    await page.goto(`/coaches?q=${TOKEN}`);
    const first = await cardNames(page);
    expect(first).toHaveLength(DIRECTORY_PAGE_SIZE);
    await page.getByRole('button', { name: 'Load more Coaches' }).click();
    const cards = page.getByRole('region', { name: 'Coaches found' }).getByRole('heading');
    await expect(cards.nth(PAGED - 1)).toBeVisible();
    expect(new Set(await cardNames(page)).size).toBe(PAGED);
    await expect(page.getByRole('button', { name: 'Load more Coaches' })).toHaveCount(0);

    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await page.waitForURL(/sort=price-low/);
    await expect(
      page.getByRole('heading', { level: 2 }).first().getByText('Paging Coach 0'),
    ).toBeVisible();

    await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
    await page.waitForURL(/sort=price-high/);
    await expect(
      page.getByRole('heading', { level: 2 }).first().getByText(STAR.name),
    ).toBeVisible();

    await page.getByLabel('Max price ($)').fill('15');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/maxPrice=15/);
    await expect(
      page.getByRole('heading', { level: 2 }).first().getByText('Paging Coach 5'),
    ).toBeVisible();
    await expect(cardHeadings(page)).toHaveText([5, 4, 3, 2, 1, 0].map((i) => `Paging Coach ${i}`));

    // The same address in another browser shows the same Coaches in the same order.
    const shared = await newPage();
    await shared.goto(page.url());
    expect(await cardNames(shared)).toEqual(await cardNames(page));
    await expect(shared.getByLabel('Max price ($)')).toHaveValue('15');
  });

  test('filters by minimum rating', async ({ page }) => {
    await page.goto(`/coaches?q=${TOKEN}`);
    await cardNames(page);
    await page.getByLabel('Minimum rating').selectOption({ label: '4+ stars' });
    await page.waitForURL(/minRating=4/);
    await expect(page.getByText(DIRECTORY_MESSAGES.empty)).toBeVisible();
  });

  test('is reached from the home page', async ({ page }) => {
    await page.getByRole('link', { name: 'Find Your Coach' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: DIRECTORY_MESSAGES.title }),
    ).toBeVisible();
    await page.goto('/');
    await page.getByRole('link', { name: 'See all Coaches' }).click();
    await page.waitForURL(/\/coaches$/);
  });

  test('serves a Coach page whose HTML, without JavaScript, carries the link preview', async ({
    page,
    server,
  }) => {
    const res = await page.request.get('/expert/wren-holloway');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      `<meta property="og:title" content="${STAR.name} · ${STAR.expertise} · Playbook" />`,
    );
    expect(html).toContain('<meta property="og:description" content="Ask Wren Holloway');
    expect(html).toContain(
      `<link rel="canonical" href="${server.baseUrl}/expert/wren-holloway" />`,
    );
    expect(html).toMatch(/<h1[^>]*>Wren Holloway<\/h1>/);
  });

  test('hydrates the server-rendered pages without React starting over', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    for (const path of ['/', `/coaches?q=${TOKEN}`, '/expert/wren-holloway', '/about']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
  });

  test('keeps an old link working after a rename', async ({ page }) => {
    await saveProfile(coachPage, { ...STAR, name: 'Wren Castillo' });
    const res = await page.request.get('/expert/wren-holloway', { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers().location).toBe('/expert/wren-castillo');
    await page.goto('/expert/wren-holloway');
    await expect(page.getByRole('heading', { level: 1, name: 'Wren Castillo' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/expert/wren-castillo');
    await saveProfile(coachPage, STAR);
  });

  test("gives the owner 'Share profile' and a link to the public profile", async ({ server }) => {
    await coachPage.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await coachPage.goto('/manage-expert-profile');
    await coachPage.getByRole('link', { name: 'View public profile' }).click();
    await expect(coachPage.getByRole('heading', { level: 1, name: STAR.name })).toBeVisible();
    await coachPage.getByRole('button', { name: 'Share profile' }).click();
    await expect(coachPage.getByRole('status').getByText('Link copied!')).toBeVisible();
    expect(await coachPage.evaluate(() => navigator.clipboard.readText())).toBe(
      `${server.baseUrl}/expert/wren-holloway`,
    );
  });

  test('has no serious or critical axe violations at 1280 and 390 px', async ({ newPage }) => {
    for (const width of [1280, 390]) {
      const page = await pageForAxe(newPage, width);
      await page.goto(`/coaches?q=${TOKEN}&sort=price-high`);
      await cardNames(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/expert/wren-holloway');
      await expect(page.getByRole('heading', { level: 1, name: STAR.name })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
