import { within } from '@testing-library/dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachPath } from '../../contracts/coach-slug';
import { signedInUser, type TestUser } from '../test/accounts';
import { insertCoach } from '../test/factories';
import { testDatabaseKind } from '../test/harness';
import { publicPages } from '../test/public-pages';
import { createRenderingApp, renderedPage } from '../test/rendered-page';

const INSTAGRAM_URL = 'https://www.instagram.com/playbook-rendered';

/**
 * What the public pages say, as the server renders them for a browser without JavaScript or a
 * crawler (issue 26, the legal pages of spec §5). These checks were browser tests; the browser
 * suite keeps one example each (e2e/clean-pages.spec.ts, e2e/footer.spec.ts), ADR 078.
 */
describe(`public pages as the server renders them (${testDatabaseKind})`, () => {
  let t: Awaited<ReturnType<typeof createRenderingApp>>;
  let player: TestUser;
  let coach: { slug: string };

  beforeAll(async () => {
    t = await createRenderingApp({ INSTAGRAM_URL });
    coach = await insertCoach(t.ctx.database.db, { name: 'Maya Torres' });
    player = await signedInUser(t.app, t.ctx, { name: 'Clean Page Player', roles: ['asker'] });
    const completed = await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/asker',
      payload: { name: 'Clean Page Player' },
      headers: { cookie: player.cookie },
    });
    expect(completed.statusCode).toBe(204);
  });
  afterAll(() => t?.close());

  /** The page at `url` as the server sends it to `user` (a visitor when none). */
  async function open(url: string, user?: TestUser) {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: user ? { cookie: user.cookie } : {},
    });
    expect(res.statusCode, url).toBeLessThan(500);
    return renderedPage(res.body);
  }

  /** The page's main content as a person reads it: its text, white space collapsed. */
  const mainText = (page: ReturnType<typeof renderedPage>) =>
    (page.getByRole('main').textContent ?? '').replace(/\s+/g, ' ');

  const pages = () =>
    publicPages(
      { path: coachPath(coach), name: 'Maya Torres' },
      { id: player.userId, name: 'Clean Page Player' },
    );

  for (const signedIn of [false, true]) {
    it(`every public page shows its header and content without JavaScript (${signedIn ? 'a signed-in Player' : 'a visitor'})`, async () => {
      for (const { path, heading } of pages()) {
        const page = await open(path, signedIn ? player : undefined);
        const nav = page.getByRole('navigation', { name: 'Main' });
        const links = (name: string | RegExp) => within(nav).queryAllByRole('link', { name });
        expect(links('Playbook home'), path).toHaveLength(1);
        expect(links(/coaches/i).length, path).toBeGreaterThan(0);
        if (signedIn) expect(links('Account Settings').length, path).toBeGreaterThan(0);
        else expect(links('Sign In'), path).toHaveLength(1);
        expect(page.getAllByRole('heading', { level: 1, name: heading }), path).toHaveLength(1);
        page.close();
      }
    });
  }

  it('the footer links every legal page, and Instagram to the configured address in a new tab', async () => {
    const page = await open('/');
    const footer = within(page.getByRole('navigation', { name: 'Footer' }));
    for (const [label, path] of [
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Revenue Agreement', '/revenue'],
    ]) {
      expect(footer.getByRole('link', { name: label }).getAttribute('href')).toBe(path);
    }
    const instagram = footer.getByRole('link', { name: 'Instagram' });
    expect(instagram.getAttribute('href')).toBe(INSTAGRAM_URL);
    expect(instagram.getAttribute('target')).toBe('_blank');
    page.close();
  });

  it("About's sign-up buttons lead to Player and Coach sign-up", async () => {
    const page = await open('/about');
    expect(page.getByRole('link', { name: 'Sign Up as a Player' }).getAttribute('href')).toBe(
      '/auth?mode=signup',
    );
    expect(page.getByRole('link', { name: 'Sign Up as a Coach' }).getAttribute('href')).toBe(
      '/auth?mode=signup&type=expert',
    );
    page.close();
  });

  it('Terms state the date, the operator, Australian arbitration, refunds and banned content', async () => {
    const page = await open('/terms');
    page.getByRole('heading', { level: 1, name: 'Terms of Service' });
    const main = mainText(page);
    expect(main).toContain('8/26/2025');
    expect(main).toContain('Playbook Marketplace Pty Ltd');
    expect(main).toMatch(/binding arbitration/i);
    expect(main).toMatch(/Australia/);
    expect(main).toMatch(/refund/i);
    // The refund follows the Coach's promise, never later than the spec's 7 days (ADR 066).
    expect(main).toContain(
      'the Coach does not answer within the response time they promise, at most 7 days after your payment',
    );
    expect(main).toMatch(/harassment/i);
    page.close();
  });

  it('the Revenue Agreement derives its worked example from the 70% split', async () => {
    const page = await open('/revenue');
    page.getByRole('heading', { level: 1, name: 'Revenue Agreement' });
    const main = mainText(page);
    expect(main).toContain(
      '$50.00 question fee: the Coach receives $35.00, the platform keeps $15.00',
    );
    expect(main).toContain('2-7 business days');
    expect(main).toContain(
      "do not answer it within the response time you promise (at most 7 days) after the Player's payment",
    );
    expect(main).toMatch(/30 days/);
    expect(main).not.toMatch(/20%|38\.50/);
    page.close();
  });

  it('the Privacy Policy gives the configured contact address', async () => {
    const page = await open('/privacy');
    const links = page.getAllByRole('link', { name: 'support@playbook.local' });
    expect(links[0]?.getAttribute('href')).toBe('mailto:support@playbook.local');
    page.close();
  });
});
