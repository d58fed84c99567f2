import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  checkoutSessions,
  coaches,
  extraPayments,
  mailOutbox,
  processedProviderEvents,
} from '../../db/schema';
import { asSent } from '../../test/mail';
import { askCoach, requestsTo, signedInUser } from '../../test/accounts';
import { questionRow } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { startStripeStub, stripeEventJson, type StripeStub } from '../../test/stripe-stub';
import { actOnQuestion } from '../admin/moderation';
import { createAdmin } from '../admin/service';
import { moneyOf } from './settlement';
import { STRIPE_WEBHOOK_PATH } from './webhook';

const logger = pino({ level: 'silent' });

type User = Awaited<ReturnType<typeof signedInUser>>;
const WEBHOOK_SECRET = 'whsec_test';
const stripeEnv = (stub: StripeStub) => ({
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: stub.url,
});

describe(`the Stripe webhook (${testDatabaseKind})`, () => {
  let stub: StripeStub;
  let t: TestApp;
  let coach: User;
  let player: User;
  let coachId: string;

  const call = requestsTo(() => t.app);
  const db = () => t.ctx.database.db;
  const question = (id: string) => questionRow(db(), id);
  const processed = (eventId: string) =>
    db()
      .select()
      .from(processedProviderEvents)
      .where(
        and(
          eq(processedProviderEvents.provider, 'stripe'),
          eq(processedProviderEvents.eventId, eventId),
        ),
      );
  const ask = () => askCoach(call, player, coachId);
  /** Sends the event as Stripe would: the exact JSON bytes and their signature. */
  const deliver = (
    event: ReturnType<typeof stripeEventJson>,
    signature: string | null = 'valid',
  ) => {
    const payload = JSON.stringify(event);
    const header =
      signature === 'valid'
        ? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
        : signature;
    return t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      payload,
      headers: {
        'content-type': 'application/json',
        ...(header === null ? {} : { 'stripe-signature': header }),
      },
    });
  };
  const completed = (
    questionId: string,
    paymentIntentId: string,
    sessionId = `cs_test_${questionId}`,
  ) =>
    stripeEventJson('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      metadata: { questionId },
      payment_intent: paymentIntentId,
    });

  beforeAll(async () => {
    stub = await startStripeStub();
    t = await createTestApp(stripeEnv(stub));
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach Stripe' });
    coachId = (
      await call('PUT', '/api/profiles/expert', coach, {
        name: 'Coach Stripe',
        expertise: 'Defending',
        price: 40,
        acceptedAgreement: true,
      })
    ).json().id;
    // Only a Coach who can receive payouts can be asked (ADR 061): the account is opened at the
    // stub and marked ready as its account.updated would.
    await call('POST', '/api/payments/connect', coach);
    await db()
      .update(coaches)
      .set({
        stripeOnboardingComplete: true,
        stripeChargesEnabled: true,
        stripePayoutsEnabled: true,
      })
      .where(eq(coaches.id, coachId));
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Pat Player' });
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it('uses the Stripe provider, whose checkout goes to Stripe', async () => {
    expect(t.ctx.payments.name).toBe('stripe');
    const id = await ask();
    const res = await call('POST', '/api/payments/checkout', player, {
      questionId: id,
      amount: 4000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(stub.requests.at(-1)).toMatchObject({
      path: '/v1/checkout/sessions',
      body: { 'metadata[questionId]': id, 'line_items[0][price_data][unit_amount]': '4000' },
    });
    expect(await question(id)).toMatchObject({
      paymentStatus: 'pending',
      checkoutSessionId: new URL(res.json().url).pathname.split('/').pop(),
    });
  });

  it('marks the question paid on checkout.session.completed, once however often it is replayed', async () => {
    const id = await ask();
    await call('POST', '/api/payments/checkout', player, { questionId: id, amount: 4000 });
    const event = completed(id, 'pi_test_paid');

    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const paid = await question(id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', paymentIntentId: 'pi_test_paid' });
    expect(paid.paidAt).toBeInstanceOf(Date);

    for (let i = 0; i < 10; i++) {
      const replay = await deliver(event);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true });
    }
    expect(await processed(event.id)).toHaveLength(1);
    const after = await question(id);
    expect(after.paymentStatus).toBe('paid');
    expect(after.paidAt).toEqual(paid.paidAt);
    const coachMails = (
      await asSent(db().select().from(mailOutbox).where(eq(mailOutbox.to, coach.email)))
    ).filter((m) => m.text.includes(`/questions/${id}`));
    expect(coachMails).toHaveLength(1);
  });

  it('refuses a bad, missing or stale signature with 400 and writes nothing', async () => {
    const id = await ask();
    const before = await question(id);
    const event = completed(id, 'pi_test_forged');
    const payload = JSON.stringify(event);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    // A valid signature over other bytes: the body was altered after signing.
    const otherBody = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(completed(id, 'pi_test_other')),
      secret: WEBHOOK_SECRET,
    });
    for (const signature of [forged, stale, otherBody, 'garbage', null]) {
      const res = await deliver(event, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid signature',
      });
    }
    expect(await processed(event.id)).toHaveLength(0);
    expect(await question(id)).toEqual(before);
    expect(before.paymentStatus).not.toBe('paid');
  });

  it("updates the Coach's payment flags on account.updated", async () => {
    await call('POST', '/api/payments/connect', coach);
    const [profile] = await db().select().from(coaches).where(eq(coaches.id, coachId));
    const accountId = profile!.stripeAccountId!;
    expect(accountId).toMatch(/^acct_/);
    // As before the provider reported the account ready (beforeAll marked it so).
    await db()
      .update(coaches)
      .set({
        stripeOnboardingComplete: false,
        stripeChargesEnabled: false,
        stripePayoutsEnabled: false,
      })
      .where(eq(coaches.id, coachId));

    const res = await deliver(
      stripeEventJson('account.updated', {
        id: accountId,
        object: 'account',
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        requirements: { currently_due: [], past_due: [] },
      }),
    );
    expect(res.statusCode).toBe(200);
    const [updated] = await db().select().from(coaches).where(eq(coaches.id, coachId));
    expect(updated).toMatchObject({
      stripeOnboardingComplete: true,
      stripeChargesEnabled: true,
      stripePayoutsEnabled: true,
    });
  });

  it('marks the question refunded on charge.refunded', async () => {
    const id = await ask();
    await deliver(completed(id, 'pi_test_refund'));
    const res = await deliver(
      stripeEventJson('charge.refunded', {
        id: 'ch_test_refund',
        object: 'charge',
        amount: 4000,
        amount_refunded: 4000,
        refunded: true,
        payment_intent: 'pi_test_refund',
      }),
    );
    expect(res.statusCode).toBe(200);
    const refunded = await question(id);
    expect(refunded).toMatchObject({ status: 'refunded', paymentStatus: 'refunded' });
    expect(refunded.refundedAt).toBeInstanceOf(Date);
  });

  const refundedCharge = (paymentIntentId: string, refundId: string) =>
    stripeEventJson('charge.refunded', {
      id: `ch_${paymentIntentId}`,
      object: 'charge',
      amount: 4000,
      amount_refunded: 4000,
      refunded: true,
      payment_intent: paymentIntentId,
      refunds: { object: 'list', data: [{ id: refundId, object: 'refund' }] },
    });
  const mailsTo = async (to: string, questionId: string) =>
    (await asSent(db().select().from(mailOutbox).where(eq(mailOutbox.to, to))))
      .filter((m) => m.text.includes(`/questions/${questionId}`))
      .map((m) => m.subject);
  const startCheckout = async (questionId: string) => {
    const res = await call('POST', '/api/payments/checkout', player, { questionId, amount: 4000 });
    return new URL(res.json().url).pathname.split('/').pop()!;
  };

  let refundsBefore = 0;
  beforeEach(() => {
    refundsBefore = stub.ledger.refunds.size;
  });

  it('e-mails the Player and the Coach once about a refund made in the Stripe dashboard', async () => {
    const id = await ask();
    await deliver(completed(id, 'pi_test_dashboard'));
    const event = refundedCharge('pi_test_dashboard', 're_dashboard');
    for (let i = 0; i < 3; i++) expect((await deliver(event)).statusCode).toBe(200);
    // Stripe may report the same refund again under another event id.
    await deliver(refundedCharge('pi_test_dashboard', 're_dashboard'));
    expect(await question(id)).toMatchObject({
      status: 'refunded',
      paymentStatus: 'refunded',
      refundReason: 'admin',
      refundId: 're_dashboard',
    });
    expect(await mailsTo(player.email, id)).toEqual(['Your question was refunded']);
    expect(await mailsTo(coach.email, id)).toEqual([
      'You have a new question',
      'A question was refunded to the Player',
    ]);
    // Nothing was refunded by us: the dashboard did it.
    expect(stub.ledger.refunds.size).toBe(refundsBefore);
  });

  it('expires the other open checkouts when one is paid, and refunds a second payment once', async () => {
    const id = await ask();
    const [first, second] = [await startCheckout(id), await startCheckout(id)];
    await deliver(completed(id, 'pi_test_first', first));
    expect(stub.sessions.get(second)?.status).toBe('expired');
    expect(stub.requests.some((r) => r.path === `/v1/checkout/sessions/${second}/expire`)).toBe(
      true,
    );
    const [expired] = await db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.sessionId, second));
    expect(expired?.status).toBe('expired');

    // The Player paid the second tab before it expired: Stripe reports it (twice, as it may).
    await deliver(completed(id, 'pi_test_second', second));
    await deliver(completed(id, 'pi_test_second', second));
    const refunds = [...stub.ledger.refunds.values()].map((r) => r.paymentIntent);
    expect(refunds.slice(refundsBefore)).toEqual(['pi_test_second']);
    expect(stub.requests.filter((r) => r.path === '/v1/refunds').at(-1)?.idempotencyKey).toBe(
      'refund-payment-pi_test_second',
    );
    expect(await question(id)).toMatchObject({
      paymentStatus: 'paid',
      paymentIntentId: 'pi_test_first',
    });
    const [extra] = await db().select().from(extraPayments).where(eq(extraPayments.questionId, id));
    expect(extra).toMatchObject({ reason: 'already_paid', paymentIntentId: 'pi_test_second' });
    expect(extra?.refundId).toMatch(/^re_/);
    // Stripe then reports our own refund: recorded already, so no second e-mail.
    await deliver(refundedCharge('pi_test_second', extra!.refundId!));
    expect(await mailsTo(player.email, id)).toEqual(['A payment was refunded']);
  });

  it('refunds a payment that lands after an administrator refunded the question', async () => {
    const id = await ask();
    const [first, second] = [await startCheckout(id), await startCheckout(id)];
    // The Player paid both tabs at Stripe; the first payment's event arrives first.
    stub.sessions.get(second)!.status = 'complete';
    await deliver(completed(id, 'pi_test_before_admin', first));
    // Stripe refused to expire a paid session; the provider read its state instead.
    const [paidTab] = await db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.sessionId, second));
    expect(paidTab?.status).toBe('complete');
    const admin = await createAdmin(db(), `wh-${id.slice(0, 8)}`, 'a-long-password');
    const actor = { adminId: admin.id, username: admin.username, ip: null, userAgent: null };
    await actOnQuestion(moneyOf(t.ctx, logger), actor, id, 'refund');
    expect((await question(id)).paymentStatus).toBe('refunded');
    // The second payment's event arrives after the administrator's refund.
    await deliver(completed(id, 'pi_test_after_admin', second));
    const refunded = [...stub.ledger.refunds.values()].map((r) => r.paymentIntent);
    expect(refunded.slice(refundsBefore).sort()).toEqual([
      'pi_test_after_admin',
      'pi_test_before_admin',
    ]);
    const [extra] = await db().select().from(extraPayments).where(eq(extraPayments.questionId, id));
    expect(extra).toMatchObject({ reason: 'question_refunded', refundClaimedAt: null });
    expect(extra?.refundedAt).toBeInstanceOf(Date);
  });

  it('acknowledges event types it does not act on without recording them', async () => {
    const event = stripeEventJson('customer.created', { id: 'cus_test', object: 'customer' });
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await processed(event.id)).toHaveLength(0);
  });
});

describe('the Stripe webhook behind the beta gate', () => {
  let stub: StripeStub;
  let t: TestApp;

  beforeAll(async () => {
    stub = await startStripeStub();
    t = await createTestApp({ ...stripeEnv(stub), BETA_ACCESS_CODE: 'letmein' });
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it('is reachable without the beta cookie (Stripe has none); the signature guards it', async () => {
    const event = stripeEventJson('customer.created', { id: 'cus_test', object: 'customer' });
    const payload = JSON.stringify(event);
    const send = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
    expect((await send('garbage')).statusCode).toBe(400);
    const ok = await send(
      Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(ok.statusCode).toBe(200);
    // Every other API path is still gated.
    expect((await t.app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(403);
  });
});
