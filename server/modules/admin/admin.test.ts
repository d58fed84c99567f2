import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAttemptLimits, adminAuditLog, adminSessions } from '../../db/schema';
import { adminAttemptsAge, insertCoach, insertQuestion, insertUser } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import {
  ADMIN_GLOBAL_FAILURES_PER_MINUTE,
  ADMIN_LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
  ADMIN_MESSAGES,
  ADMIN_THROTTLED_LOGIN_DELAY_MS,
} from '../../../contracts/admin';
import { createAdmin } from './service';

const PASSWORD = 'a-long-admin-password';

describe(`administrator portal API (${testDatabaseKind})`, () => {
  let t: TestApp;
  let address = 0;
  const login = (username: string, password: string, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username, password },
      headers: { 'user-agent': 'admin-test' },
      // The per-address limit is tested on its own; other tests use fresh addresses.
      remoteAddress: remoteAddress ?? `10.30.0.${++address}`,
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const db = () => t.ctx.database.db;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_LOCKOUT_MINUTES: '15' });
    await createAdmin(db(), 'ops-admin', PASSWORD);
    await createAdmin(db(), 'lock-me', PASSWORD);
  });
  afterAll(() => t.close());

  it.each([
    [
      'a short username',
      { username: 'ab', password: PASSWORD },
      'username',
      'Username must be 3-50 characters, letters, numbers, underscore and hyphen only',
    ],
    [
      'a username with spaces',
      { username: 'ops admin', password: PASSWORD },
      'username',
      'Username must be 3-50 characters, letters, numbers, underscore and hyphen only',
    ],
    [
      'a short password',
      { username: 'ops-admin', password: 'short' },
      'password',
      'Password must be at least 8 characters',
    ],
  ])('refuses %s with the spec message', async (_label, body, field, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: body,
      remoteAddress: '10.31.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('logs in with a trimmed username, returns a token, and audits the attempt', async () => {
    const res = await login('  ops-admin ', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, token: expect.any(String) });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: bearer(res.json().token),
    });
    expect(session.json()).toEqual({ valid: true, username: 'ops-admin', totpEnabled: false });
    const [stored] = await db().select().from(adminSessions);
    expect(stored?.tokenHash).not.toBe(res.json().token);
    const audits = await db().select().from(adminAuditLog).where(eq(adminAuditLog.success, true));
    expect(audits[0]).toMatchObject({
      username: 'ops-admin',
      action: 'login',
      userAgent: 'admin-test',
    });
    expect(audits[0]?.ip).toMatch(/^10\.30\./);
  });

  it("answers a wrong password or an unknown user with 'Invalid credentials', audited", async () => {
    const wrong = await login('ops-admin', 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid credentials');
    expect((await login('nobody-here', PASSWORD)).json().message).toBe('Invalid credentials');
    const failures = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.success, false));
    expect(failures.map((f) => f.username)).toEqual(
      expect.arrayContaining(['ops-admin', 'nobody-here']),
    );
  });

  it('locks a username after 5 failures from one address, even for the right password, until the period passes', async () => {
    const from = '10.33.0.1';
    for (let i = 1; i <= 4; i++)
      expect((await login('lock-me', 'wrong-password', from)).statusCode).toBe(401);
    const fifth = await login('lock-me', 'wrong-password', from);
    expect(fifth.json().message).toMatch(/locked/);
    const locked = await login('lock-me', PASSWORD, from);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toMatch(/locked/);
    // Fourteen minutes on, refusals in between have not made the lock any longer or lifted it.
    await adminAttemptsAge(db(), 14);
    expect((await login('lock-me', PASSWORD, from)).statusCode).toBe(423);
    await adminAttemptsAge(db(), 2);
    expect((await login('lock-me', PASSWORD, from)).statusCode).toBe(200);
    // The success starts the count over: one more failure is not a lock.
    expect((await login('lock-me', 'wrong-password', from)).json().message).toBe(
      ADMIN_MESSAGES.invalidCredentials,
    );
  });

  it('cannot be used to lock the real administrator out from another address', async () => {
    for (let i = 1; i <= 6; i++) await login('ops-admin', 'wrong-password', '10.34.0.1');
    expect((await login('ops-admin', PASSWORD, '10.34.0.1')).statusCode).toBe(423);
    expect((await login('ops-admin', PASSWORD, '10.34.0.2')).statusCode).toBe(200);
  });

  it('issue 21: 20 wrong logins from one address never refuse the right password from another', async () => {
    await createAdmin(db(), 'target-admin', PASSWORD);
    const [a, b] = ['10.36.0.1', '10.36.0.2'];
    const statuses: number[] = [];
    for (let i = 0; i < ADMIN_LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE; i++) {
      statuses.push((await login('target-admin', 'wrong-password', a)).statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(423)]);
    const started = Date.now();
    expect((await login('target-admin', PASSWORD, b)).statusCode).toBe(200);
    // Not slowed down either: the locked refusals were not failures.
    expect(Date.now() - started).toBeLessThan(ADMIN_THROTTLED_LOGIN_DELAY_MS);
    // A stays locked, and its next attempt is the per-address limit's, audited and counted nowhere.
    const [lock] = await db()
      .select({ locked: sql<boolean>`${adminAttemptLimits.lockedUntil} > now()` })
      .from(adminAttemptLimits)
      .where(
        and(eq(adminAttemptLimits.subject, 'target-admin'), eq(adminAttemptLimits.address, a)),
      );
    expect(lock?.locked).toBe(true);
    expect((await login('target-admin', PASSWORD, a)).statusCode).toBe(429);
    expect((await login('target-admin', PASSWORD, b)).statusCode).toBe(200);
    const audited = await db()
      .select({ details: adminAuditLog.details, success: adminAuditLog.success })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.username, 'target-admin'), eq(adminAuditLog.action, 'login')));
    const reasons = audited.map((row) =>
      row.success ? 'success' : (row.details as { reason: string }).reason,
    );
    expect(reasons.sort()).toEqual(
      [
        ...Array(5).fill('invalid credentials'),
        ...Array(15).fill('locked'),
        'rate limited',
        'success',
        'success',
      ].sort(),
    );
  });

  it('runs no more password checks than the lock allows, however many arrive at once', async () => {
    await createAdmin(db(), 'burst-admin', PASSWORD);
    const statuses = await Promise.all(
      Array.from(
        { length: 12 },
        async () => (await login('burst-admin', 'wrong-password', '10.37.0.1')).statusCode,
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 423)).toHaveLength(7);
  });

  it('keeps the lock in the database, so every process sees it', async () => {
    await createAdmin(db(), 'shared-admin', PASSWORD);
    const other = await createTestApp({ ADMIN_LOCKOUT_MINUTES: '15' }, t.ctx.database);
    try {
      for (let i = 0; i < 5; i++) await login('shared-admin', 'wrong-password', '10.38.0.1');
      const elsewhere = await other.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'shared-admin', password: PASSWORD },
        remoteAddress: '10.38.0.1',
      });
      expect(elsewhere.statusCode).toBe(423);
    } finally {
      await other.close();
    }
  });

  it('slows a guess spread over many addresses down, never refusing the right password', async () => {
    await createAdmin(db(), 'spread-admin', PASSWORD);
    for (let i = 1; i <= ADMIN_GLOBAL_FAILURES_PER_MINUTE; i++) {
      expect((await login('spread-admin', 'wrong-password', `10.35.0.${i}`)).statusCode).toBe(401);
    }
    const started = Date.now();
    expect((await login('spread-admin', PASSWORD, '10.35.1.1')).statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(ADMIN_THROTTLED_LOGIN_DELAY_MS - 50);
    // A minute after the last failure, no more waiting.
    await adminAttemptsAge(db(), 1);
    const later = Date.now();
    expect((await login('spread-admin', PASSWORD, '10.35.1.1')).statusCode).toBe(200);
    expect(Date.now() - later).toBeLessThan(ADMIN_THROTTLED_LOGIN_DELAY_MS);
  });

  it('limits login attempts per address, for that address only', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await login('nobody-at-all', 'wrong-password', '10.32.0.1')).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect((await login('ops-admin', PASSWORD, '10.32.0.2')).statusCode).toBe(200);
  });

  it('refuses an expired token and a revoked one', async () => {
    const token = (await login('ops-admin', PASSWORD)).json().token as string;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(204);
    const revoked = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: bearer(token),
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('Session Expired: Please log in again');

    const second = (await login('ops-admin', PASSWORD)).json().token as string;
    await db()
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: bearer(second) }))
        .statusCode,
    ).toBe(401);
  });

  it('an admin token never acts as a user', async () => {
    const token = (await login('ops-admin', PASSWORD)).json().token as string;
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: bearer(token),
    });
    expect(account.json().user).toBeNull();
  });

  it('reports the marketplace figures', async () => {
    const coach = await insertCoach(db());
    const player = await insertUser(db());
    await insertQuestion(db(), {
      coachId: coach.id,
      playerId: player.id,
      amount: 5000,
      paymentStatus: 'paid',
      paidAt: new Date(),
    });
    await insertQuestion(db(), {
      coachId: coach.id,
      playerId: player.id,
      amount: 999,
      paymentStatus: 'paid',
      paidAt: new Date(),
      status: 'answered',
      answer: 'x',
      answeredAt: new Date(),
    });
    await insertQuestion(db(), { coachId: coach.id, playerId: player.id, amount: 2000 });
    const token = (await login('ops-admin', PASSWORD)).json().token as string;
    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(token) })
    ).json();
    expect(stats).toMatchObject({
      totalCoaches: 1,
      totalQuestions: 3,
      answeredQuestions: 1,
      pendingQuestions: 2,
      totalPayments: 2,
      // 5000 - 3500 + 999 - 699
      totalEarnings: 1800,
    });
    expect(stats.totalUsers).toBeGreaterThanOrEqual(2);
    expect(stats.totalPlayers).toBe(stats.totalUsers - 1);
  });
});
