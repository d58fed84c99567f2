import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';

describe(`account and roles (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/account', headers: cookie ? { cookie } : {} });
  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });

  it('answers a visitor with no user', async () => {
    expect((await get()).json()).toMatchObject({ user: null, roles: [], activeRole: null });
  });

  it('refuses role changes from a visitor', async () => {
    expect((await post('/api/account/roles', { role: 'asker' })).statusCode).toBe(401);
    expect((await post('/api/account/active-role', { role: 'asker' })).statusCode).toBe(401);
  });

  it('adds a chosen role, makes it active, and records terms and privacy acceptance', async () => {
    const user = await signedInUser(t.app, t.ctx);
    const res = await post('/api/account/roles', { role: 'asker' }, user.cookie);
    expect(res.json()).toMatchObject({
      roles: ['asker'],
      activeRole: 'asker',
      profileCompleted: { asker: false, expert: false },
    });
    const row = await t.ctx.database.db.query.userRoles.findFirst({
      where: (r, { eq }) => eq(r.userId, user.userId),
    });
    expect(row?.acceptedTermsAt).toBeInstanceOf(Date);
    expect(row?.acceptedPrivacyAt).toBeInstanceOf(Date);
  });

  it('keeps one active role and switches between held roles', async () => {
    const user = await signedInUser(t.app, t.ctx, { roles: ['asker', 'expert'] });
    expect((await get(user.cookie)).json()).toMatchObject({
      roles: ['asker', 'expert'],
      activeRole: 'asker',
    });
    const switched = await post('/api/account/active-role', { role: 'expert' }, user.cookie);
    expect(switched.json().activeRole).toBe('expert');
    const rows = await t.ctx.database.db.query.userRoles.findMany({
      where: (r, { eq }) => eq(r.userId, user.userId),
    });
    expect(rows.filter((r) => r.activeRole).map((r) => r.role)).toEqual(['expert']);
  });

  it("answers 'Coach role not found' when switching to a role not held", async () => {
    const user = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const res = await post('/api/account/active-role', { role: 'expert' }, user.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Coach role not found');
    expect((await get(user.cookie)).json().activeRole).toBe('asker');
  });

  it('sets a single role active automatically', async () => {
    const user = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    const { userRoles } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.ctx.database.db
      .update(userRoles)
      .set({ activeRole: false })
      .where(eq(userRoles.userId, user.userId));
    expect((await get(user.cookie)).json().activeRole).toBe('expert');
  });

  it('refuses an unknown role', async () => {
    const user = await signedInUser(t.app, t.ctx);
    expect((await post('/api/account/roles', { role: 'admin' }, user.cookie)).statusCode).toBe(400);
  });
});
