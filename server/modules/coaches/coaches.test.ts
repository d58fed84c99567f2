import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_COACH_LIMIT } from '../../../contracts/limits';
import { signedInUser } from '../../test/accounts';
import { insertCoach } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';

describe(`GET /api/coaches/newest (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is empty with a count of 0 before any Coach joins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/coaches/newest' });
    // No Coach, no figures either (ADR 060): only the empty list and its count.
    expect(res.json()).toMatchObject({ coaches: [], total: 0 });
  });

  it('lists the 6 newest Coaches, newest first, with the total count and public fields only', async () => {
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 8; i++) {
      await insertCoach(t.ctx.database.db, {
        name: `Coach ${i}`,
        createdAt: new Date(start + i * 60_000),
      });
    }
    // The list is cached until a profile changes; saving a profile announces it like this.
    const cached = await t.app.inject({ method: 'GET', url: '/api/coaches/newest' });
    expect(cached.json().total).toBe(0);
    await t.ctx.bus.publish('coaches.changed', { userId: 'inserted-directly' });
    const res = await t.app.inject({ method: 'GET', url: '/api/coaches/newest' });
    const body = res.json();
    expect(body.total).toBe(8);
    expect(body.coaches).toHaveLength(HOME_COACH_LIMIT);
    expect(body.coaches.map((c: { name: string }) => c.name)).toEqual([
      'Coach 7',
      'Coach 6',
      'Coach 5',
      'Coach 4',
      'Coach 3',
      'Coach 2',
    ]);
    expect(Object.keys(body.coaches[0]).sort()).toEqual(
      ['bio', 'expertise', 'id', 'name', 'photoUrl', 'pricePerQuestion', 'slug'].sort(),
    );
  });

  it('shows a Coach in the cached list as soon as their profile is saved', async () => {
    await t.app.inject({ method: 'GET', url: '/api/coaches/newest' });
    const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Fresh Coach' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/expert',
      headers: { cookie: coach.cookie },
      payload: { name: 'Fresh Coach', expertise: 'Rowing', price: 30, acceptedAgreement: true },
    });
    expect(saved.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/coaches/newest' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().coaches[0]).toMatchObject({ name: 'Fresh Coach' });
  });
});
