import type { AdminUserDetail } from '../../../contracts/admin-people';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DISPUTE_STATEMENT_MESSAGES, RESOLVE_MESSAGES } from '../../../contracts/disputes';
import type { PlayerPayments } from '../../../contracts/payments';
import { adminAuditLog, mailOutbox, payouts, questions } from '../../db/schema';
import { asSent } from '../../test/mail';
import { signedInUser, type TestUser } from '../../test/accounts';
import { insertCoach, insertQuestion } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { moneyOf, recoverMoney, releasePayouts } from '../payments/settlement';
import { createAdmin } from './service';

const logger = pino({ level: 'silent' });
const PASSWORD = 'a-long-admin-password';

describe(`disputes heard from both sides, with partial refunds (${testDatabaseKind})`, () => {
  let t: TestApp;
  let token = '';
  let coachUser: TestUser;
  let playerUser: TestUser;
  let stranger: TestUser;
  let coachId = '';
  const db = () => t.ctx.database.db;
  const bearer = () => ({ authorization: `Bearer ${token}` });

  const resolve = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${id}/resolve`,
      headers: bearer(),
      payload,
    });
  const detail = (id: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/disputes/${id}`, headers: bearer() });
  const statement = (id: string, user: TestUser, text: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/questions/${id}/dispute/statement`,
      headers: { cookie: user.cookie },
      payload: { statement: text },
    });
  const page = (id: string, user: TestUser) =>
    t.app.inject({ method: 'GET', url: `/api/questions/${id}`, headers: { cookie: user.cookie } });
  const payoutOf = async (questionId: string) =>
    (await db().select().from(payouts).where(eq(payouts.questionId, questionId)))[0];
  const questionRow = async (id: string) =>
    (await db().select().from(questions).where(eq(questions.id, id)))[0];
  const mailsTo = async (to: string) =>
    (await asSent(db().select().from(mailOutbox).where(eq(mailOutbox.to, to)))).map((m) => m.text);

  /** A paid, answered, disputed $50 question whose $35 payout is past its hold window. */
  async function disputed(options: { transferred?: boolean } = {}) {
    const question = await insertQuestion(db(), {
      coachId,
      playerId: playerUser.userId,
      playerName: playerUser.name,
      playerEmail: playerUser.email,
      status: 'answered',
      answer: 'Keep your eyes up.',
      answeredAt: new Date(),
      paymentStatus: 'paid',
      paidAt: new Date(),
      paymentIntentId: `pi_${Math.random().toString(36).slice(2)}`,
      disputeFlagged: !options.transferred,
      disputeReason: 'incomplete',
      disputeDetails: 'It skipped my second point.',
      disputedAt: new Date(),
    });
    await db()
      .insert(payouts)
      .values({
        questionId: question.id,
        coachId,
        amount: 3500,
        releasableAt: new Date(Date.now() - 60_000),
      });
    if (options.transferred) {
      // Sent before the dispute (a follow-up kept the window open, say), then disputed.
      await releasePayouts(moneyOf(t.ctx, logger), { questionId: question.id });
      await db()
        .update(questions)
        .set({ disputeFlagged: true })
        .where(eq(questions.id, question.id));
    }
    return question;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await createAdmin(db(), 'referee', PASSWORD);
    token = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'referee', password: PASSWORD },
      })
    ).json().token as string;
    coachUser = await signedInUser(t.app, t.ctx, { name: 'Statement Coach', roles: ['expert'] });
    playerUser = await signedInUser(t.app, t.ctx, { name: 'Dana Player', roles: ['asker'] });
    stranger = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    const coach = await insertCoach(db(), {
      userId: coachUser.userId,
      email: coachUser.email,
      name: 'Statement Coach',
      stripeAccountId: `acct_${Math.random().toString(36).slice(2)}`,
      stripePayoutsEnabled: true,
    });
    coachId = coach.id;
  });
  afterAll(() => t.close());

  it('lets the Coach write and rewrite a statement until the dispute is resolved, and no one else', async () => {
    const q = await disputed();
    expect((await statement(q.id, coachUser, 'I answered both points.')).statusCode).toBe(204);
    expect((await statement(q.id, coachUser, 'I answered both points, see 2.')).statusCode).toBe(
      204,
    );
    const player = await statement(q.id, playerUser, 'Not mine to write.');
    expect(player.statusCode).toBe(403);
    expect(player.json().message).toBe(DISPUTE_STATEMENT_MESSAGES.coachOnly);
    expect((await statement(q.id, stranger, 'Not mine either.')).statusCode).toBe(403);
    const empty = await statement(q.id, coachUser, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(DISPUTE_STATEMENT_MESSAGES.statementLength);
    // Angle brackets are stripped from what is stored (the secure-input rules).
    expect((await statement(q.id, coachUser, 'Both points <b>answered</b>.')).statusCode).toBe(204);
    expect((await questionRow(q.id))?.disputeStatement).toBe('Both points banswered/b.');

    // Both sides read it on the question page; the administrator reads the dispute whole.
    const seen = (await page(q.id, playerUser)).json().dispute;
    expect(seen).toMatchObject({ statement: 'Both points banswered/b.', note: null });
    const view = await detail(q.id);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      question: q.question,
      answer: 'Keep your eyes up.',
      amount: 5000,
      player: {
        name: 'Dana Player',
        email: playerUser.email,
        questionsAsked: expect.any(Number),
        disputesFlagged: expect.any(Number),
      },
      coach: { name: 'Statement Coach' },
      dispute: {
        reason: 'incomplete',
        details: 'It skipped my second point.',
        statement: 'Both points banswered/b.',
        resolution: null,
      },
      resolvable: true,
    });

    expect(
      (await resolve(q.id, { outcome: 'release', note: 'The answer covers both.' })).statusCode,
    ).toBe(204);
    const late = await statement(q.id, coachUser, 'One more thing.');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(DISPUTE_STATEMENT_MESSAGES.closed);
  });

  it('refuses a partial refund that is not more than $0 and less than what was paid, or has no note', async () => {
    const q = await disputed();
    const range = RESOLVE_MESSAGES.amountRange(5000);
    for (const amount of ['0', '0.00', '50', '50.00', '75']) {
      const res = await resolve(q.id, { outcome: 'partial_refund', amount, note: 'Half.' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: range, fields: { amount: range } });
    }
    for (const amount of ['12.345', '-5', 'ten', '']) {
      const res = await resolve(q.id, { outcome: 'partial_refund', amount, note: 'Half.' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.amount).toBe(RESOLVE_MESSAGES.amountFormat);
    }
    const noNote = await resolve(q.id, { outcome: 'partial_refund', amount: '10' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().fields.note).toBe(RESOLVE_MESSAGES.noteLength);
    expect((await questionRow(q.id))?.disputeResolution).toBeNull();
  });

  it('refunds part of a held payment through the provider once; the Coach is paid 70% of what is kept', async () => {
    const q = await disputed();
    const earnings = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer() })).json()
        .totalEarnings as number;
    const earningsBefore = await earnings();
    const refund = vi.spyOn(t.ctx.payments, 'refund');
    const transfer = vi.spyOn(t.ctx.payments, 'transfer');
    const payload = { outcome: 'partial_refund', amount: '15.00', note: 'Half an answer.' };
    const results = await Promise.all([resolve(q.id, payload), resolve(q.id, payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund).toHaveBeenCalledWith({
      paymentIntentId: q.paymentIntentId,
      amountCents: 1500,
      idempotencyKey: `refund-part-${q.id}`,
    });
    // $35.00 kept: the Coach's 70% is $24.50, sent now that the dispute is decided.
    expect(transfer).toHaveBeenCalledWith(expect.objectContaining({ amountCents: 2450 }));
    refund.mockRestore();
    transfer.mockRestore();
    expect(await questionRow(q.id)).toMatchObject({
      status: 'answered',
      paymentStatus: 'paid',
      partialRefundAmount: 1500,
      partialRefundedAt: expect.any(Date),
      refundClaimedAt: null,
      disputeResolution: 'partially_refunded',
      disputeNote: 'Half an answer.',
    });
    expect(await payoutOf(q.id)).toMatchObject({ status: 'paid', amount: 2450, reversedAmount: 0 });
    // The Player's payment history says what came back.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/payments/history',
      headers: { cookie: playerUser.cookie },
    });
    expect((history.json() as PlayerPayments).payments.find((p) => p.id === q.id)).toMatchObject({
      amount: 5000,
      paymentStatus: 'paid',
      refunded: 1500,
    });

    // Both sides see the note and the figures, and are e-mailed them.
    for (const user of [playerUser, coachUser]) {
      expect((await page(q.id, user)).json().dispute).toMatchObject({
        resolution: 'partially_refunded',
        note: 'Half an answer.',
        partialRefund: { refunded: 1500, kept: 3500, coachShare: 2450, done: true },
      });
    }
    expect((await mailsTo(playerUser.email)).join('\n')).toContain(
      'refunding $15.00 of your $50.00 payment; $35.00 is kept for the answer.',
    );
    const coachMail = (await mailsTo(coachUser.email)).join('\n');
    expect(coachMail).toContain('Your payout is now $24.50, your share of the $35.00 kept.');
    expect(coachMail).toContain('Half an answer.');
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'dispute.resolve'));
    expect(audit.filter((a) => a.success)).not.toHaveLength(0);

    // The dashboard's platform fees count what was kept: $10.50 of $35.00, no longer $15.00.
    expect((await earnings()) - earningsBefore).toBe(1050 - 1500);
    // Each side's administrator page shows the refund and the decision (issue 36).
    for (const user of [playerUser, coachUser]) {
      const person = (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/users/${user.userId}`,
          headers: bearer(),
        })
      ).json() as AdminUserDetail;
      expect(person.audit).toContainEqual(
        expect.objectContaining({
          action: 'dispute.resolve',
          outcome: 'partial_refund',
          amountCents: 1500,
          success: true,
        }),
      );
      if (user === playerUser) {
        expect(person.payments.find((p) => p.questionId === q.id)).toMatchObject({
          amount: 5000,
          refunded: 1500,
          refundedAt: expect.any(String),
        });
      }
    }
  });

  it('reverses part of a transfer already made, keeping the rest with the Coach', async () => {
    const q = await disputed({ transferred: true });
    const sent = await payoutOf(q.id);
    expect(sent).toMatchObject({ status: 'paid', amount: 3500 });
    const reverse = vi.spyOn(t.ctx.payments, 'reverseTransfer');
    const res = await resolve(q.id, { outcome: 'partial_refund', amount: '10', note: 'Partly.' });
    expect(res.statusCode).toBe(204);
    // $40.00 kept: the Coach keeps $28.00 of the $35.00 sent, so $7.00 comes back.
    expect(reverse).toHaveBeenCalledWith({
      transferId: sent?.transferId,
      amountCents: 700,
      idempotencyKey: `reversal-part-${sent?.id}`,
    });
    reverse.mockRestore();
    expect(await payoutOf(q.id)).toMatchObject({
      status: 'paid',
      amount: 2800,
      reversedAmount: 700,
      reversalId: expect.any(String),
    });
    expect((await questionRow(q.id))?.partialRefundedAt).not.toBeNull();
  });

  it('finishes a partial refund left behind by a provider failure with the same keys', async () => {
    const q = await disputed();
    const refund = vi.spyOn(t.ctx.payments, 'refund').mockRejectedValueOnce(new Error('down'));
    const res = await resolve(q.id, { outcome: 'partial_refund', amount: '20', note: 'Partly.' });
    expect(res.statusCode).toBe(502);
    expect(await questionRow(q.id)).toMatchObject({
      partialRefundAmount: 2000,
      partialRefundedAt: null,
      disputeResolution: 'partially_refunded',
    });
    // The recovery sweep, a minute later, repeats the call under the same key.
    await recoverMoney(moneyOf(t.ctx, logger), new Date(Date.now() + 120_000));
    expect(refund).toHaveBeenLastCalledWith({
      paymentIntentId: q.paymentIntentId,
      amountCents: 2000,
      idempotencyKey: `refund-part-${q.id}`,
    });
    refund.mockRestore();
    expect((await questionRow(q.id))?.partialRefundedAt).not.toBeNull();
    expect((await payoutOf(q.id))?.amount).toBe(2100);
  });

  it('resolves with a full refund and a note, or a release and a note', async () => {
    const refunded = await disputed();
    expect(
      (await resolve(refunded.id, { outcome: 'refund', note: 'No answer to the question.' }))
        .statusCode,
    ).toBe(204);
    expect(await questionRow(refunded.id)).toMatchObject({
      status: 'refunded',
      paymentStatus: 'refunded',
      disputeResolution: 'refunded',
      disputeNote: 'No answer to the question.',
    });
    expect((await payoutOf(refunded.id))?.status).toBe('cancelled');

    const released = await disputed();
    expect(
      (await resolve(released.id, { outcome: 'release', note: 'A full answer.' })).statusCode,
    ).toBe(204);
    expect(await questionRow(released.id)).toMatchObject({
      disputeResolution: 'released',
      disputeNote: 'A full answer.',
    });
    expect((await payoutOf(released.id))?.status).toBe('paid');
    const again = await resolve(released.id, { outcome: 'refund', note: 'Changed my mind.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RESOLVE_MESSAGES.notOpen);
  });
});
