import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../../contracts/payments';
import { checkoutSessions, coaches, extraPayments, mailOutbox, payouts } from '../../db/schema';
import { asSent } from '../../test/mail';
import { connectPayouts, askCoach, requestsTo, signedInUser } from '../../test/accounts';
import { insertQuestion, questionRow } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { applyPaymentEvent } from './apply-event';
import { moneyOf, refundUnanswered, releasePayouts } from './settlement';

type User = Awaited<ReturnType<typeof signedInUser>>;
const logger = pino({ level: 'silent' });
const DAY = 86_400_000;
/** A time past the hold window of a question answered now. */
const afterHold = () => new Date(Date.now() + 4 * DAY);

describe(`payments with the local provider (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: User;
  let player: User;
  let coachId: string;

  const call = requestsTo(() => t.app);
  const db = () => t.ctx.database.db;
  const question = (id: string) => questionRow(db(), id);
  const ask = () => askCoach(call, player, coachId);
  const payThroughCheckout = async (id: string) => {
    const { url } = (
      await call('POST', '/api/payments/checkout', player, { questionId: id, amount: 4000 })
    ).json();
    const sessionId = new URL(url).pathname.split('/').pop();
    return call('POST', `/api/payments/local/checkout/${sessionId}/pay`, player);
  };

  beforeAll(async () => {
    t = await createTestApp();
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach Pay' });
    coachId = (
      await call('PUT', '/api/profiles/expert', coach, {
        name: 'Coach Pay',
        expertise: 'Defending',
        price: 40,
        acceptedAgreement: true,
      })
    ).json().id;
    // Only a Coach who can receive payouts can be asked (ADR 061).
    await connectPayouts(t.app, coach);
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Pat Player' });
  });
  afterAll(() => t.close());

  it('creates a checkout only for the Player and only for the question amount', async () => {
    const id = await ask();
    expect(
      (await call('POST', '/api/payments/checkout', coach, { questionId: id, amount: 4000 }))
        .statusCode,
    ).toBe(403);
    const wrong = await call('POST', '/api/payments/checkout', player, {
      questionId: id,
      amount: 100,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The amount does not match the question.');
    const ok = await call('POST', '/api/payments/checkout', player, {
      questionId: id,
      amount: 4000,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().url).toMatch(/\/test-checkout\/cs_local_/);
    expect((await question(id)).paymentStatus).toBe('pending');
  });

  it('marks the question paid through the provider event and tells the Coach', async () => {
    const id = await ask();
    const res = await payThroughCheckout(id);
    expect(res.json().redirect).toMatch(new RegExp(`/questions/${id}\\?payment=success$`));
    const paid = await question(id);
    expect(paid).toMatchObject({ paymentStatus: 'paid' });
    expect(paid.paymentIntentId).toMatch(/^pi_local_/);
    expect(paid.paidAt).toBeInstanceOf(Date);
    const mails = await asSent(
      db().select().from(mailOutbox).where(eq(mailOutbox.to, coach.email)),
    );
    expect(mails.some((m) => m.text.includes(`/questions/${id}`))).toBe(true);
    expect(
      (await call('POST', '/api/payments/checkout', player, { questionId: id, amount: 4000 }))
        .statusCode,
    ).toBe(400);
  });

  it('keeps one payment per question: the other checkouts are expired, a second payment refunded', async () => {
    const id = await ask();
    const start = async () => {
      const { url } = (
        await call('POST', '/api/payments/checkout', player, { questionId: id, amount: 4000 })
      ).json();
      return new URL(url).pathname.split('/').pop()!;
    };
    // Three tabs, three checkouts. The first paid closes the others.
    const [first, second, third] = [await start(), await start(), await start()];
    expect(
      (await call('POST', `/api/payments/local/checkout/${first}/pay`, player)).statusCode,
    ).toBe(200);
    const sessions = await db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.questionId, id));
    expect(Object.fromEntries(sessions.map((s) => [s.sessionId, s.status]))).toEqual({
      [first]: 'complete',
      [second]: 'expired',
      [third]: 'expired',
    });
    const late = await call('POST', `/api/payments/local/checkout/${second}/pay`, player);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PAYMENT_MESSAGES.checkoutClosed);

    // A payment the provider took anyway (the Player paid before the expiry landed) goes back,
    // once, however often it is reported, and is on record.
    const kept = (await question(id)).paymentIntentId;
    const money = moneyOf(t.ctx, logger);
    const secondPayment = {
      type: 'checkout.completed' as const,
      questionId: id,
      sessionId: third,
      paymentIntentId: 'pi_second_payment',
    };
    for (let i = 0; i < 3; i++) {
      await applyPaymentEvent(money, 'local', { ...secondPayment, id: `evt_second_${id}_${i}` });
    }
    expect(await question(id)).toMatchObject({ paymentStatus: 'paid', paymentIntentId: kept });
    const extra = await db().select().from(extraPayments).where(eq(extraPayments.questionId, id));
    expect(extra).toHaveLength(1);
    expect(extra[0]).toMatchObject({
      paymentIntentId: 'pi_second_payment',
      reason: 'already_paid',
      amount: 4000,
      refundClaimedAt: null,
    });
    expect(extra[0]!.refundId).toMatch(/^re_local_/);
    const mails = await asSent(
      db().select().from(mailOutbox).where(eq(mailOutbox.to, player.email)),
    );
    expect(
      mails.filter((m) => m.subject === 'A payment was refunded' && m.text.includes(id)),
    ).toHaveLength(1);
  });

  it('refuses to take payment for a question whose Coach deleted their account', async () => {
    const id = await ask();
    const [coach] = await db().select().from(coaches).where(eq(coaches.id, coachId));
    await db().update(coaches).set({ deletedAt: new Date() }).where(eq(coaches.id, coachId));
    try {
      const res = await call('POST', '/api/payments/checkout', player, {
        questionId: id,
        amount: 4000,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(PAYMENT_MESSAGES.coachGone);
    } finally {
      await db()
        .update(coaches)
        .set({ deletedAt: coach!.deletedAt })
        .where(eq(coaches.id, coachId));
    }
  });

  it('leaves a cancelled checkout payable', async () => {
    const id = await ask();
    const { url } = (
      await call('POST', '/api/payments/checkout', player, { questionId: id, amount: 4000 })
    ).json();
    const sessionId = new URL(url).pathname.split('/').pop();
    await call('POST', `/api/payments/local/checkout/${sessionId}/cancel`, player);
    expect((await question(id)).paymentStatus).toBe('pending');
  });

  it('handles an event once, however often it is replayed', async () => {
    const id = await ask();
    const event = {
      id: 'evt_replayed_1',
      type: 'checkout.completed' as const,
      questionId: id,
      paymentIntentId: 'pi_x',
    };
    const results = [];
    for (let i = 0; i < 10; i++) {
      results.push(await applyPaymentEvent(moneyOf(t.ctx, logger), 'local', event));
    }
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await question(id)).paymentStatus).toBe('paid');
  });

  it('onboards the Coach through the local provider', async () => {
    // A Coach new to payments (the suite's Coach connected in beforeAll).
    const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    await call('PUT', '/api/profiles/expert', coach, {
      name: 'Newcomer',
      expertise: 'Y',
      price: 5,
      acceptedAgreement: true,
    });
    const before = (await call('GET', '/api/payments/onboarding-status', coach)).json();
    expect(before.onboarding_complete).toBe(false);
    const { url } = (await call('POST', '/api/payments/connect', coach)).json();
    expect(url).toMatch(/\/test-onboarding\/acct_local_/);
    const accountId = new URL(url).pathname.split('/').pop();
    const stranger = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    await call('PUT', '/api/profiles/expert', stranger, {
      name: 'Stranger',
      expertise: 'X',
      price: 5,
      acceptedAgreement: true,
    });
    expect(
      (await call('POST', `/api/payments/local/onboarding/${accountId}/complete`, stranger))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/payments/local/onboarding/${accountId}/complete`, coach))
        .statusCode,
    ).toBe(204);
    expect((await call('GET', '/api/payments/onboarding-status', coach)).json()).toEqual({
      onboarding_complete: true,
      charges_enabled: true,
      payouts_enabled: true,
      requirements: [],
    });
    expect((await call('POST', '/api/payments/portal', coach)).json().url).toContain(accountId);
  });

  it('releases a payout after the hold window once its question is paid, holds it while disputed, never for an unpaid question', async () => {
    const paidId = await ask();
    await payThroughCheckout(paidId);
    await call('POST', `/api/questions/${paidId}/answer`, coach, { answer: 'Show him the line.' });
    const unpaidId = await ask();
    await call('POST', `/api/questions/${unpaidId}/answer`, coach, { answer: 'Stay goal side.' });
    const disputedId = await ask();
    await payThroughCheckout(disputedId);
    await call('POST', `/api/questions/${disputedId}/answer`, coach, { answer: 'Jockey.' });
    const disputed = await call('POST', `/api/questions/${disputedId}/dispute`, player, {
      reason: 'incomplete',
    });
    expect(disputed.statusCode).toBe(204);
    const payout = async (id: string) =>
      (await db().select().from(payouts).where(eq(payouts.questionId, id)))[0]!;

    // Inside the hold window (PAYOUT_HOLD_DAYS, 3 by default) nothing moves.
    const answeredAt = (await question(paidId)).answeredAt!;
    expect((await payout(paidId)).releasableAt).toEqual(new Date(answeredAt.getTime() + 3 * DAY));
    expect(await releasePayouts(moneyOf(t.ctx, logger))).toBe(0);
    expect((await payout(paidId)).status).toBe('pending');

    await releasePayouts(moneyOf(t.ctx, logger), { now: afterHold() });
    await releasePayouts(moneyOf(t.ctx, logger), { now: afterHold() });
    expect(await payout(paidId)).toMatchObject({ status: 'paid', amount: 2800 });
    expect((await payout(paidId)).transferId).toMatch(/^tr_local_/);
    expect((await payout(unpaidId)).status).toBe('pending');
    expect((await payout(disputedId)).status).toBe('held');

    const list = (await call('GET', '/api/payouts', coach)).json();
    expect(list.onboardingComplete).toBe(true);
    expect(list.payouts.find((p: { status: string }) => p.status === 'paid')).toMatchObject({
      amount: 2800,
      playerName: 'Pat Player',
    });
  });

  it('holds a payout while the Coach cannot receive payouts', async () => {
    const id = await ask();
    await payThroughCheckout(id);
    await call('POST', `/api/questions/${id}/answer`, coach, { answer: 'Keep low.' });
    await db().update(coaches).set({ stripePayoutsEnabled: false }).where(eq(coaches.id, coachId));
    await releasePayouts(moneyOf(t.ctx, logger), { now: afterHold() });
    expect((await db().select().from(payouts).where(eq(payouts.questionId, id)))[0]?.status).toBe(
      'held',
    );
    await db().update(coaches).set({ stripePayoutsEnabled: true }).where(eq(coaches.id, coachId));
  });

  it('releases a due payout behind a full batch of payouts that cannot move', async () => {
    // Older than everything else: 25 payouts for unpaid questions and 25 held by open disputes.
    const old = new Date(Date.UTC(2020, 0, 1));
    for (let i = 0; i < 25; i++) {
      for (const disputed of [false, true]) {
        const q = await insertQuestion(db(), {
          coachId,
          playerId: player.userId,
          status: 'answered',
          answer: 'Old answer.',
          answeredAt: old,
          paymentStatus: disputed ? 'paid' : 'pending',
          disputeFlagged: disputed,
          createdAt: old,
        });
        await db()
          .insert(payouts)
          .values({ questionId: q.id, coachId, amount: 100, createdAt: old, releasableAt: old });
      }
    }
    await releasePayouts(moneyOf(t.ctx, logger));
    const id = await ask();
    await payThroughCheckout(id);
    await call('POST', `/api/questions/${id}/answer`, coach, { answer: 'Head up.' });
    await releasePayouts(moneyOf(t.ctx, logger), { now: afterHold() });
    expect((await db().select().from(payouts).where(eq(payouts.questionId, id)))[0]?.status).toBe(
      'paid',
    );
  });

  it('refunds a question unanswered 7 days after payment, once, and tells the Player', async () => {
    const id = await ask();
    await payThroughCheckout(id);
    const paidAt = (await question(id)).paidAt!;
    const sixDaysLater = new Date(paidAt.getTime() + 6 * DAY);
    expect(await refundUnanswered(moneyOf(t.ctx, logger), sixDaysLater)).toBe(0);
    const refundMails = async () =>
      (await db().select().from(mailOutbox).where(eq(mailOutbox.to, player.email))).filter(
        (m) => m.subject === 'Your question was refunded',
      ).length;
    const mailsBefore = await refundMails();
    const eightDaysLater = new Date(paidAt.getTime() + 8 * DAY);
    // Other paid, unanswered questions of this file are refunded too: one mail each.
    const refunded = await refundUnanswered(moneyOf(t.ctx, logger), eightDaysLater);
    expect(refunded).toBeGreaterThanOrEqual(1);
    expect(await refundUnanswered(moneyOf(t.ctx, logger), eightDaysLater)).toBe(0);
    expect(await question(id)).toMatchObject({ status: 'refunded', paymentStatus: 'refunded' });
    expect((await question(id)).refundedAt).toEqual(eightDaysLater);
    expect(
      (await call('POST', `/api/questions/${id}/answer`, coach, { answer: 'Too late' })).statusCode,
    ).toBe(409);
    expect(await refundMails()).toBe(mailsBefore + refunded);
    const history = (await call('GET', '/api/payments/history', player)).json();
    expect(history.payments.find((p: { id: string }) => p.id === id)?.paymentStatus).toBe(
      'refunded',
    );
  });
});
