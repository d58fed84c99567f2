import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DISPUTE_MESSAGES, UNPAID_MESSAGES } from '../../../contracts/question-states';
import { mailOutbox, payouts, questions } from '../../db/schema';
import { asSent } from '../../test/mail';
import { connectPayouts, signedInUser } from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { applyPaymentEvent } from '../payments/apply-event';
import { moneyOf, recoverMoney, STALE_CLAIM_MS } from '../payments/settlement';

type User = Awaited<ReturnType<typeof signedInUser>>;
const logger = pino({ level: 'silent' });
const DAY = 86_400_000;

/** Decline, withdraw, disputes within the hold window, and the e-mails money sends (ADR 023). */
describe(`a question's money lifecycle (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: User;
  let player: User;
  let coachId: string;
  const db = () => t.ctx.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: User, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie },
      ...(payload ? { payload } : {}),
    });
  const ask = async () =>
    (
      await call('POST', '/api/questions', player, {
        coachId,
        playerName: 'Pat Player',
        question: 'How do I read the defence faster?',
        pledge: true,
        acceptedConsents: true,
      })
    ).json().id as string;
  const pay = (id: string) =>
    applyPaymentEvent(moneyOf(t.ctx, logger), 'local', {
      id: `evt_${id}_${Math.random()}`,
      type: 'checkout.completed',
      questionId: id,
      paymentIntentId: `pi_${id}`,
    });
  const row = async (id: string) =>
    (await db().select().from(questions).where(eq(questions.id, id)))[0]!;
  const mailsTo = async (to: string) =>
    asSent(db().select().from(mailOutbox).where(eq(mailOutbox.to, to)));
  const inboxIds = async () =>
    (await call('GET', '/api/questions/coach-inbox', coach))
      .json()
      .questions.map((q: { id: string }) => q.id);

  beforeAll(async () => {
    t = await createTestApp();
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach Dee' });
    coachId = (
      await call('PUT', '/api/profiles/expert', coach, {
        name: 'Coach Dee',
        expertise: 'Rugby',
        price: 40,
        acceptedAgreement: true,
      })
    ).json().id;
    // Only a Coach who can receive payouts can be asked (ADR 061).
    await connectPayouts(t.app, coach);
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Pat Player' });
  });
  afterAll(() => t.close());

  it('declines a paid question: refunded in full once, both told by HTML e-mail with a text part', async () => {
    const id = await ask();
    await pay(id);
    const refund = vi.spyOn(t.ctx.payments, 'refund');
    const declined = await call('POST', `/api/questions/${id}/decline`, coach, {
      note: 'Outside my field, sorry.',
    });
    expect(declined.statusCode).toBe(204);
    expect(refund).toHaveBeenCalledTimes(1);
    refund.mockRestore();
    expect(await row(id)).toMatchObject({
      status: 'declined',
      paymentStatus: 'refunded',
      refundReason: 'declined',
      declineNote: 'Outside my field, sorry.',
    });
    expect((await call('POST', `/api/questions/${id}/decline`, coach)).statusCode).toBe(409);
    expect(
      (await call('POST', `/api/questions/${id}/answer`, coach, { answer: 'Too late.' }))
        .statusCode,
    ).toBe(409);
    const mail = (await mailsTo(player.email)).find(
      (m) => m.subject === 'Your question was declined and refunded',
    );
    expect(mail?.html).toContain('<html');
    expect(mail?.text).toContain('Outside my field, sorry.');
    expect(mail?.text).toContain(`/questions/${id}`);
    expect((await mailsTo(coach.email)).map((m) => m.subject)).toContain(
      'A question was refunded to the Player',
    );
    expect(await inboxIds()).not.toContain(id);
    const detail = (await call('GET', `/api/questions/${id}`, player)).json();
    expect(detail).toMatchObject({ status: 'declined', declineNote: 'Outside my field, sorry.' });
  });

  it('declines an unpaid question without a refund, and refunds a payment that arrives later', async () => {
    const id = await ask();
    const refund = vi.spyOn(t.ctx.payments, 'refund');
    expect((await call('POST', `/api/questions/${id}/decline`, coach)).statusCode).toBe(204);
    expect(refund).not.toHaveBeenCalled();
    expect(await row(id)).toMatchObject({ status: 'declined', paymentStatus: 'pending' });
    expect(
      (await call('POST', '/api/payments/checkout', player, { questionId: id, amount: 4000 }))
        .statusCode,
    ).toBe(400);
    // A checkout opened before the decline still completes: the money goes straight back.
    await pay(id);
    expect(refund).toHaveBeenCalledTimes(1);
    refund.mockRestore();
    expect(await row(id)).toMatchObject({ status: 'declined', paymentStatus: 'refunded' });
  });

  it('withdraws only an unpaid, unanswered question, which leaves the Coach inbox', async () => {
    const id = await ask();
    expect(await inboxIds()).toContain(id);
    expect((await call('POST', `/api/questions/${id}/withdraw`, player)).statusCode).toBe(204);
    expect(await row(id)).toMatchObject({ status: 'withdrawn' });
    expect(await inboxIds()).not.toContain(id);
    const paid = await ask();
    await pay(paid);
    const refused = await call('POST', `/api/questions/${paid}/withdraw`, player);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(UNPAID_MESSAGES.notWithdrawable);
  });

  it('needs a paid question for ratings and reviews', async () => {
    const id = await ask();
    await call('POST', `/api/questions/${id}/answer`, coach, { answer: 'Watch the ball.' });
    const rated = await call('PUT', `/api/questions/${id}/rating`, player, { isHelpful: true });
    expect(rated.statusCode).toBe(409);
    expect(rated.json().message).toBe(UNPAID_MESSAGES.ratingNeedsPayment);
    expect(
      (await call('PUT', `/api/questions/${id}/review`, player, { rating: 5 })).statusCode,
    ).toBe(409);
  });

  it('takes a dispute only within the hold window, holds the payout and tells the Coach and admins', async () => {
    const id = await ask();
    await pay(id);
    await call('POST', `/api/questions/${id}/answer`, coach, { answer: 'Run the line.' });
    const detail = (await call('GET', `/api/questions/${id}`, player)).json();
    const [payout] = await db().select().from(payouts).where(eq(payouts.questionId, id));
    expect(detail.disputeUntil).toBe(payout!.releasableAt.toISOString());
    expect(
      (
        await call('POST', `/api/questions/${id}/dispute`, player, {
          reason: 'not_as_described',
          details: 'It answers another question.',
        })
      ).statusCode,
    ).toBe(204);
    expect((await call('GET', `/api/questions/${id}`, player)).json().dispute).toMatchObject({
      reason: 'not_as_described',
      details: 'It answers another question.',
      resolution: null,
    });
    expect((await mailsTo(coach.email)).map((m) => m.subject)).toContain(
      'A Player disputed your answer',
    );
    expect((await mailsTo(t.ctx.config.CONTACT_EMAIL)).map((m) => m.subject)).toContain(
      'New dispute to review',
    );
    const payoutCard = (await call('GET', '/api/payouts', coach))
      .json()
      .payouts.find((p: { id: string }) => p.id === payout!.id);
    expect(payoutCard).toMatchObject({ disputeOpen: true, questionPaid: true });

    // Past the window the Player can no longer dispute.
    const late = await ask();
    await pay(late);
    await call('POST', `/api/questions/${late}/answer`, coach, { answer: 'Kick long.' });
    await db()
      .update(payouts)
      .set({ releasableAt: new Date(Date.now() - DAY) })
      .where(eq(payouts.questionId, late));
    const closed = await call('POST', `/api/questions/${late}/dispute`, player, {
      reason: 'other',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(DISPUTE_MESSAGES.windowClosed);
  });

  it('finishes a refund the provider failed, through the recovery sweep, once', async () => {
    const id = await ask();
    await pay(id);
    const refund = vi
      .spyOn(t.ctx.payments, 'refund')
      .mockRejectedValueOnce(new Error('provider down'));
    expect((await call('POST', `/api/questions/${id}/decline`, coach)).statusCode).toBe(204);
    expect(await row(id)).toMatchObject({ status: 'declined', paymentStatus: 'refunding' });
    await recoverMoney(moneyOf(t.ctx, logger), new Date(Date.now() + STALE_CLAIM_MS + 1000));
    expect(await row(id)).toMatchObject({ paymentStatus: 'refunded', refundClaimedAt: null });
    expect(refund).toHaveBeenCalledTimes(2);
    expect(new Set(refund.mock.calls.map(([input]) => input.idempotencyKey))).toEqual(
      new Set([`refund-${id}`]),
    );
    refund.mockRestore();
    const declinedMails = (await mailsTo(player.email)).filter((m) =>
      m.text.includes(`/questions/${id}`),
    );
    expect(declinedMails).toHaveLength(1);
  });
});
