import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_MESSAGES } from '../../../contracts/admin-people';
import { adminAuditLog, mailOutbox, questions, sessions } from '../../db/schema';
import { asSent } from '../../test/mail';
import { askCoach, requestsTo, signIn, signedInUser, type TestUser } from '../../test/accounts';
import { coachProfile } from '../../test/asked-question';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { ACCOUNT_STATUS_MAIL } from './people';
import { createAdmin } from './service';

describe(`administrators manage people: user page, suspend and restore (${testDatabaseKind})`, () => {
  let t: TestApp;
  const call = requestsTo(() => t.app);
  let adminToken: string;
  let coach: TestUser;
  let coachId: string;
  let player: TestUser;
  let paidQuestionId: string;
  const db = () => t.ctx.database.db;
  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${adminToken}` },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp();
    await createAdmin(db(), 'root-admin', 'admin-password-123');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'root-admin', password: 'admin-password-123' },
    });
    adminToken = login.json().token;
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Sid Suspended' });
    coachId = await coachProfile(t.app, coach, 'Sid Suspended');
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Pat Player' });
    paidQuestionId = await askCoach(call, player, coachId);
    const checkout = await call('POST', '/api/payments/checkout', player, {
      questionId: paidQuestionId,
      amount: 1000,
    });
    const sessionId = new URL(checkout.json().url).pathname.split('/').pop();
    await call('POST', `/api/payments/local/checkout/${sessionId}/pay`, player);
  });
  afterAll(() => t.close());

  it('opens a user: roles, questions, payments and payouts', async () => {
    const res = await asAdmin('GET', `/api/admin/users/${coach.userId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Sid Suspended', suspendedAt: null });
    expect(body.roles).toEqual([{ role: 'expert', active: true }]);
    expect(body.coach).toMatchObject({ id: coachId, payoutsEnabled: true });
    expect(body.questions).toEqual([
      expect.objectContaining({ id: paidQuestionId, side: 'received', paymentStatus: 'paid' }),
    ]);
    const asPlayer = (await asAdmin('GET', `/api/admin/users/${player.userId}`)).json();
    expect(asPlayer.payments).toEqual([
      expect.objectContaining({ questionId: paidQuestionId, amount: 1000 }),
    ]);
    expect((await asAdmin('GET', '/api/admin/users/no-such-user')).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/users/${coach.userId}` });
    expect(res.statusCode).toBe(401);
    const suspend = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${coach.userId}/suspend`,
      headers: { cookie: player.cookie },
      payload: { reason: 'Trying my luck' },
    });
    expect(suspend.statusCode).toBe(401);
  });

  it('needs a reason', async () => {
    const res = await asAdmin('POST', `/api/admin/users/${coach.userId}/suspend`, { reason: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(PEOPLE_MESSAGES.reasonRequired);
  });

  it('suspends: sessions end, sign-in refused, Coach page gone, paid question refunded, e-mailed, audited', async () => {
    const res = await asAdmin('POST', `/api/admin/users/${coach.userId}/suspend`, {
      reason: 'Repeated abuse reports',
    });
    expect(res.statusCode).toBe(204);
    expect(await db().select().from(sessions).where(eq(sessions.userId, coach.userId))).toEqual([]);
    // The old cookie no longer signs anyone in.
    expect((await call('GET', '/api/account', coach)).json().user).toBeNull();
    const signInAgain = await signIn(t.app, coach.email);
    expect(signInAgain.statusCode).toBe(423);
    expect(signInAgain.json().message).toBe(PEOPLE_MESSAGES.signInRefused);
    expect((await call('GET', `/api/coaches/${coachId}`)).statusCode).toBe(404);
    const all = (await call('GET', '/api/coaches?show=all')).json();
    expect(all.coaches.map((c: { id: string }) => c.id)).not.toContain(coachId);
    const [q] = await db().select().from(questions).where(eq(questions.id, paidQuestionId));
    expect(q).toMatchObject({ paymentStatus: 'refunded', refundReason: 'suspended' });
    const mail = await asSent(db().select().from(mailOutbox).where(eq(mailOutbox.to, coach.email)));
    expect(mail.map((m) => m.subject)).toContain('Your Playbook account has been suspended');
    expect(mail.map((m) => m.text).join('\n')).toContain(ACCOUNT_STATUS_MAIL.suspended(true));
    const detail = (await asAdmin('GET', `/api/admin/users/${coach.userId}`)).json();
    expect(detail).toMatchObject({ suspendedReason: 'Repeated abuse reports' });
    expect(detail.audit[0]).toMatchObject({
      action: 'user.suspend',
      success: true,
      reason: 'Repeated abuse reports',
    });
    const again = await asAdmin('POST', `/api/admin/users/${coach.userId}/suspend`, {
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
  });

  it('restores: sign-in and the Coach page come back, audited', async () => {
    const res = await asAdmin('POST', `/api/admin/users/${coach.userId}/restore`, {
      reason: 'Appeal upheld',
    });
    expect(res.statusCode).toBe(204);
    expect((await signIn(t.app, coach.email)).statusCode).toBe(200);
    expect((await call('GET', `/api/coaches/${coachId}`)).statusCode).toBe(200);
    const audit = await db().select().from(adminAuditLog);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user.suspend', 'user.restore']),
    );
    const [q] = await db().select().from(questions).where(eq(questions.id, paidQuestionId));
    expect(q?.paymentStatus).toBe('refunded');
  });

  it("writes a Player's suspension and restoration e-mails for a Player: no Coach page", async () => {
    const suspend = await asAdmin('POST', `/api/admin/users/${player.userId}/suspend`, {
      reason: 'Abusive messages',
    });
    expect(suspend.statusCode).toBe(204);
    const restore = await asAdmin('POST', `/api/admin/users/${player.userId}/restore`, {
      reason: 'Appeal upheld',
    });
    expect(restore.statusCode).toBe(204);
    const mail = await asSent(
      db().select().from(mailOutbox).where(eq(mailOutbox.to, player.email)),
    );
    const text = (subject: string) => mail.find((m) => m.subject === subject)?.text ?? '';
    const suspended = text('Your Playbook account has been suspended');
    expect(suspended).toContain(ACCOUNT_STATUS_MAIL.suspended(false));
    expect(suspended).toContain(ACCOUNT_STATUS_MAIL.suspendedRefunds(false));
    const restored = text('Your Playbook account has been restored');
    expect(restored).toContain(ACCOUNT_STATUS_MAIL.restored(false));
    expect(`${suspended}${restored}`).not.toContain('Coach page');
  });
});
