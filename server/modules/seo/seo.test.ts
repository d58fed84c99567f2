import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';

describe(`sitemap and robots (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://playbook.example' });
  });
  afterAll(() => t.close());

  it('lists the public pages and every Coach at their current slug, at once after a rename', async () => {
    const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    const save = (name: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profiles/expert',
        headers: { cookie: coach.cookie },
        payload: { name, expertise: 'Rowing', price: 30, acceptedAgreement: true },
      });
    await save('Rhea Oar');
    const first = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/xml/);
    expect(first.body).toContain('<loc>https://playbook.example/</loc>');
    expect(first.body).toContain('<loc>https://playbook.example/coaches</loc>');
    expect(first.body).toContain('<loc>https://playbook.example/expert/rhea-oar</loc>');
    await save('Rhea Paddle');
    const renamed = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(renamed).toContain('<loc>https://playbook.example/expert/rhea-paddle</loc>');
    expect(renamed).not.toContain('rhea-oar');
  });

  it('points crawlers to the sitemap and keeps them out of the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://playbook.example/sitemap.xml');
  });

  it('keeps crawlers out of everything, with no sitemap, while the beta gate is on', async () => {
    const gated = await createTestApp({ BETA_ACCESS_CODE: 'letmein' });
    try {
      const res = await gated.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(res.body).toBe('User-agent: *\nDisallow: /\n');
      expect((await gated.app.inject({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(404);
    } finally {
      await gated.close();
    }
  });
});
