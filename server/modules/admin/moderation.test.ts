import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_ACTION_MESSAGES } from '../../../contracts/admin-actions';
import { moneyOf, releasePayouts } from '../payments/settlement';
import { applyPaymentEvent } from '../payments/apply-event';
import {
  abuseReports,
  adminAuditLog,
  adminSessions,
  contactMessages,
  mailOutbox,
  payouts,
  questions,
} from '../../db/schema';
import { signedInUser } from '../../test/accounts';
import { insertCoach, insertQuestion, insertUser } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { createAdmin } from './service';

const PASSWORD = 'a-long-admin-password';
const logger = pino({ level: 'silent' });

describe(`administrator tables and moderation (${testDatabaseKind})`, () => {
  let t: TestApp;
  let token = '';
  const db = () => t.ctx.database.db;
  const bearer = () => ({ authorization: `Bearer ${token}` });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer() });
  const act = (url: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...bearer(), 'user-agent': 'ops-browser' } });

  /** A paid, answered question with a pending payout, disputed unless told otherwise. */
  async function answeredQuestion(options: { disputed?: boolean; payoutsEnabled?: boolean } = {}) {
    const coach = await insertCoach(db(), {
      name: 'Dispute Coach',
      stripeAccountId: `acct_${Math.random().toString(36).slice(2)}`,
      stripePayoutsEnabled: options.payoutsEnabled ?? true,
    });
    const player = await insertUser(db(), { name: 'Disputing Player' });
    const question = await insertQuestion(db(), {
      coachId: coach.id,
      playerId: player.id,
      playerEmail: player.email,
      status: 'answered',
      answer: 'Keep your eyes up.',
      answeredAt: new Date(),
      paymentStatus: 'paid',
      paidAt: new Date(),
      paymentIntentId: `pi_${Math.random().toString(36).slice(2)}`,
      disputeFlagged: options.disputed ?? true,
    });
    await db()
      .insert(payouts)
      // Past its hold window: only a dispute or an administrator keeps it from the Coach.
      .values({
        questionId: question.id,
        coachId: coach.id,
        amount: 3500,
        releasableAt: new Date(Date.now() - 60_000),
      });
    return { coach, player, question };
  }
  const payoutOf = async (questionId: string) =>
    (await db().select().from(payouts).where(eq(payouts.questionId, questionId)))[0];
  const questionRow = async (id: string) =>
    (await db().select().from(questions).where(eq(questions.id, id)))[0];

  beforeAll(async () => {
    t = await createTestApp();
    await createAdmin(db(), 'moderator', PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'moderator', password: PASSWORD },
    });
    token = res.json().token as string;
  });
  afterAll(() => t.close());

  it('every admin route refuses no token, a wrong token, an expired token and a user session', async () => {
    const paths = Object.entries(
      (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths,
    ).filter(([path]) => path.startsWith('/api/admin/') && path !== '/api/admin/login');
    expect(paths.length).toBeGreaterThanOrEqual(11);

    const user = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const shortLived = await createAdmin(db(), 'short-lived', PASSWORD);
    const expiring = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'short-lived', password: PASSWORD },
      })
    ).json().token as string;
    await db()
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminSessions.adminId, shortLived.id));

    const credentials: Record<string, Record<string, string>> = {
      none: {},
      wrong: { authorization: 'Bearer not-a-token' },
      expired: { authorization: `Bearer ${expiring}` },
      'user session': { cookie: user.cookie },
    };
    for (const [path, methods] of paths) {
      const url = path
        .replace('{id}', '00000000-0000-4000-8000-000000000000')
        .replace('{action}', 'refund')
        .replace('{queue}', 'mail');
      for (const method of Object.keys(methods)) {
        for (const [label, headers] of Object.entries(credentials)) {
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET' | 'POST',
            url,
            headers,
          });
          expect(`${method} ${path} ${label}: ${res.statusCode}`).toBe(
            `${method} ${path} ${label}: 401`,
          );
          expect(res.json().message).toBe('Session Expired: Please log in again');
        }
      }
    }
  });

  it('lists users with role, counts and totals, filtered and paged on the server', async () => {
    const coach = await insertCoach(db(), { name: 'Zed Filterable Coach' });
    const player = await insertUser(db(), {
      name: 'Zed Filterable Player',
      email: 'zed_player@example.test',
    });
    await insertQuestion(db(), {
      coachId: coach.id,
      playerId: player.id,
      amount: 2500,
      paymentStatus: 'paid',
      status: 'answered',
      answer: 'Yes.',
      answeredAt: new Date(),
    });
    await insertQuestion(db(), { coachId: coach.id, playerId: player.id, amount: 900 });
    const q = await insertQuestion(db(), { coachId: coach.id, playerId: player.id, amount: 100 });
    await db().insert(payouts).values({
      questionId: q.id,
      coachId: coach.id,
      amount: 1750,
      status: 'paid',
      paidAt: new Date(),
    });

    const res = await get('/api/admin/users?search=zed%20filterable&sort=name&direction=asc');
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toMatchObject([
      { name: 'Zed Filterable Coach', role: 'Coach', questionCount: 1, totalCents: 1750 },
      { name: 'Zed Filterable Player', role: 'Player', questionCount: 3, totalCents: 2500 },
    ]);
    const coaches = await get('/api/admin/users?search=zed&role=coach');
    expect(coaches.json().rows.map((r: { role: string }) => r.role)).toEqual(['Coach']);
    // LIKE wildcards in the box match themselves: '_' is not "any character".
    const literal = await get('/api/admin/users?search=zed_p');
    expect(literal.json().rows.map((r: { name: string }) => r.name)).toEqual([
      'Zed Filterable Player',
    ]);
    expect((await get('/api/admin/users?search=zed%25coach')).json().rows).toEqual([]);
  });

  it('pages through every row once in either direction, and refuses a forged cursor', async () => {
    for (let i = 0; i < 30; i++) {
      await insertUser(db(), { name: `Pager ${String(i).padStart(2, '0')}` });
    }
    for (const direction of ['asc', 'desc']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/admin/users?search=pager&sort=created_at&direction=${direction}${cursor ? `&cursor=${cursor}` : ''}`;
        const body = (await get(url)).json() as {
          rows: { name: string }[];
          nextCursor: string | null;
        };
        expect(body.rows.length).toBeLessThanOrEqual(25);
        seen.push(...body.rows.map((r) => r.name));
        cursor = body.nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(30);
      expect(seen).toHaveLength(30);
    }
    const forged = Buffer.from(JSON.stringify(["'; drop table users; --", 'x'])).toString(
      'base64url',
    );
    const bad = await get(`/api/admin/users?cursor=${forged}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid page cursor.');
    expect((await get('/api/admin/users?cursor=%%%')).statusCode).toBe(400);
  });

  it('lists questions and payments with the spec columns', async () => {
    const { question, coach } = await answeredQuestion({ disputed: false });
    const list = await get('/api/admin/questions?status=answered');
    expect(list.json().rows).toContainEqual({
      id: question.id,
      question: question.question,
      playerId: question.playerId,
      playerEmail: question.playerEmail,
      coachUserId: coach.userId,
      coachName: 'Dispute Coach',
      status: 'answered',
      paymentStatus: 'paid',
      createdAt: question.createdAt.toISOString(),
    });
    expect(
      (await get('/api/admin/questions?status=pending'))
        .json()
        .rows.map((r: { id: string }) => r.id),
    ).not.toContain(question.id);
    const payments = (await get('/api/admin/payments')).json().rows;
    expect(payments).toContainEqual(
      expect.objectContaining({
        id: question.id,
        type: 'payment',
        amount: 5000,
        status: 'paid',
        userId: question.playerId,
      }),
    );
    const payoutRows = (await get('/api/admin/payments?type=payout')).json().rows;
    expect(payoutRows).toContainEqual(
      expect.objectContaining({
        type: 'payout',
        amount: 3500,
        userId: coach.userId,
        userEmail: coach.email,
      }),
    );
    // A second payment for the same question is refunded, and listed for the administrators.
    await applyPaymentEvent(moneyOf(t.ctx, logger), 'local', {
      id: `evt_${question.id}_second`,
      type: 'checkout.completed',
      questionId: question.id,
      paymentIntentId: `pi_second_${question.id}`,
    });
    const extraRows = (await get('/api/admin/payments?type=extra')).json().rows;
    expect(extraRows).toContainEqual(
      expect.objectContaining({
        type: 'extra',
        amount: 5000,
        status: 'refunded (already paid)',
        userEmail: question.playerEmail,
      }),
    );
  });

  it('dismisses a report once, and audits both clicks', async () => {
    const { question, player, coach } = await answeredQuestion({ disputed: false });
    const [report] = await db()
      .insert(abuseReports)
      .values({
        reporterId: player.id,
        reportedQuestionId: question.id,
        reportedCoachId: coach.id,
        reason: 'spam',
        details: 'Advertises a camp.',
      })
      .returning();
    const open = (await get('/api/admin/reports')).json().rows;
    expect(open).toContainEqual(
      expect.objectContaining({
        id: report!.id,
        reporterName: 'Disputing Player',
        coachName: 'Dispute Coach',
        reason: 'spam',
        details: 'Advertises a camp.',
        status: 'open',
      }),
    );
    expect((await act(`/api/admin/reports/${report!.id}/dismiss`)).statusCode).toBe(204);
    const again = await act(`/api/admin/reports/${report!.id}/dismiss`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_ACTION_MESSAGES.reportClosed);
    const entries = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'report.dismiss'));
    expect(entries.map((e) => e.success)).toEqual([true, false]);
    expect(entries[0]).toMatchObject({ username: 'moderator', userAgent: 'ops-browser' });
    const dismissed = (await get('/api/admin/reports?status=dismissed')).json().rows;
    expect(dismissed.map((r: { id: string }) => r.id)).toContain(report!.id);
  });

  it('holds a payout against the sweep, closes the report, then releases it by transfer', async () => {
    const { question, player, coach } = await answeredQuestion({ disputed: false });
    await db().insert(abuseReports).values({
      reporterId: player.id,
      reportedQuestionId: question.id,
      reportedCoachId: coach.id,
      reason: 'scam',
    });
    expect((await act(`/api/admin/questions/${question.id}/hold-payout`)).statusCode).toBe(204);
    expect((await act(`/api/admin/questions/${question.id}/hold-payout`)).statusCode).toBe(409);
    const [report] = await db()
      .select()
      .from(abuseReports)
      .where(eq(abuseReports.reportedQuestionId, question.id));
    expect(report?.status).toBe('actioned');
    await releasePayouts(moneyOf(t.ctx, logger));
    expect(await payoutOf(question.id)).toMatchObject({ status: 'held', heldByAdmin: true });

    expect((await act(`/api/admin/questions/${question.id}/release-payout`)).statusCode).toBe(204);
    expect(await payoutOf(question.id)).toMatchObject({ status: 'paid', heldByAdmin: false });
    expect((await act(`/api/admin/questions/${question.id}/release-payout`)).statusCode).toBe(409);
  });

  it('refuses the one-click actions on an open dispute, which is resolved only with a note', async () => {
    const { question, coach, player } = await answeredQuestion();
    const refund = vi.spyOn(t.ctx.payments, 'refund');
    const disputes = (await get('/api/admin/disputes')).json().rows;
    // Each name in the row opens that person's user page (issue 24).
    expect(disputes).toContainEqual(
      expect.objectContaining({
        id: question.id,
        playerId: player.id,
        coachUserId: coach.userId,
        state: expect.objectContaining({ disputeResolution: null }),
      }),
    );
    for (const action of ['refund', 'release-payout', 'hold-payout']) {
      const res = await act(`/api/admin/questions/${question.id}/${action}`);
      expect(res.statusCode, action).toBe(400);
      expect(res.json().message).toBe(ADMIN_ACTION_MESSAGES.disputeNeedsNote);
    }
    expect(refund).not.toHaveBeenCalled();
    refund.mockRestore();
    // Nothing changed: the dispute is open, the payment kept, the payout waits, no one e-mailed.
    expect(await questionRow(question.id)).toMatchObject({
      paymentStatus: 'paid',
      disputeResolution: null,
      disputeNote: null,
    });
    expect((await payoutOf(question.id))?.status).toBe('pending');
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, question.playerEmail));
    expect(mails.map((m) => m.subject)).not.toContain('Your dispute was resolved');
    // Resolved with its note, the question's other actions come back.
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${question.id}/resolve`,
      headers: bearer(),
      payload: { outcome: 'release', note: 'The answer covers the question.' },
    });
    expect(resolved.statusCode).toBe(204);
    expect((await questionRow(question.id))?.disputeNote).toBe('The answer covers the question.');
    expect((await act(`/api/admin/questions/${question.id}/refund`)).statusCode).toBe(204);
    const settled = (await get('/api/admin/disputes?state=settled')).json().rows;
    expect(settled.map((r: { id: string }) => r.id)).toContain(question.id);
  });

  it('refunds a question once through the provider, cancelling the payout', async () => {
    const { question } = await answeredQuestion({ disputed: false });
    const refund = vi.spyOn(t.ctx.payments, 'refund');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => act(`/api/admin/questions/${question.id}/refund`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(
      ADMIN_ACTION_MESSAGES.unavailable,
    );
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund).toHaveBeenCalledWith({
      paymentIntentId: question.paymentIntentId,
      idempotencyKey: `refund-${question.id}`,
    });
    refund.mockRestore();
    expect(await questionRow(question.id)).toMatchObject({
      status: 'refunded',
      paymentStatus: 'refunded',
      refundReason: 'admin',
    });
    expect((await payoutOf(question.id))?.status).toBe('cancelled');
  });

  it('reverses the transfer when it refunds after the payout was sent, so nothing is paid twice', async () => {
    const { question } = await answeredQuestion({ disputed: false });
    await releasePayouts(moneyOf(t.ctx, logger));
    const sent = await payoutOf(question.id);
    expect(sent?.status).toBe('paid');
    const reverse = vi.spyOn(t.ctx.payments, 'reverseTransfer');
    expect((await act(`/api/admin/questions/${question.id}/refund`)).statusCode).toBe(204);
    expect(reverse).toHaveBeenCalledWith({
      transferId: sent?.transferId,
      amountCents: 3500,
      idempotencyKey: `reversal-${sent?.id}`,
    });
    reverse.mockRestore();
    expect(await payoutOf(question.id)).toMatchObject({ status: 'cancelled', claimedAt: null });
    expect((await payoutOf(question.id))?.reversalId).toMatch(/^trr_/);
    expect(await questionRow(question.id)).toMatchObject({ paymentStatus: 'refunded' });
  });

  it('answers an unknown question or report with 404 and bad ids with 400', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await act(`/api/admin/questions/${missing}/refund`)).statusCode).toBe(404);
    expect((await act(`/api/admin/reports/${missing}/dismiss`)).statusCode).toBe(404);
    expect((await act('/api/admin/questions/not-a-uuid/refund')).statusCode).toBe(400);
    expect((await act(`/api/admin/questions/${missing}/delete-everything`)).statusCode).toBe(400);
  });

  it('lists contact messages newest first', async () => {
    await db().insert(contactMessages).values({
      name: 'Casey Contact',
      email: 'casey@example.test',
      topic: 'feedback',
      subject: 'A question about coaching sessions',
      message: 'Hello there.',
      agreedToTermsAt: new Date(),
    });
    const rows = (await get('/api/admin/messages')).json().rows;
    expect(rows[0]).toMatchObject({
      name: 'Casey Contact',
      subject: 'A question about coaching sessions',
    });
  });
});
