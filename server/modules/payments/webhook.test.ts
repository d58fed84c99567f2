import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experts, mailOutbox, processedProviderEvents, questions } from '../../db/schema';
import { signedInUser } from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { startStripeStub, stripeEventJson, type StripeStub } from '../../test/stripe-stub';
import { STRIPE_WEBHOOK_PATH } from './webhook';

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
  let expertId: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, user?: User, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user ? { cookie: user.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const db = () => t.ctx.database.db;
  const question = async (id: string) =>
    (await db().select().from(questions).where(eq(questions.id, id)))[0]!;
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
  const ask = async () =>
    (
      await call('POST', '/api/questions', player, {
        expertId,
        askerName: 'Pat Player',
        question: 'How do I defend a faster winger?',
        pledge: true,
        acceptedConsents: true,
      })
    ).json().id as string;
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
  const completed = (questionId: string, paymentIntentId: string) =>
    stripeEventJson('checkout.session.completed', {
      id: `cs_test_${questionId}`,
      object: 'checkout.session',
      payment_status: 'paid',
      metadata: { questionId },
      payment_intent: paymentIntentId,
    });

  beforeAll(async () => {
    stub = await startStripeStub();
    t = await createTestApp(stripeEnv(stub));
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach Stripe' });
    expertId = (
      await call('PUT', '/api/profiles/expert', coach, {
        name: 'Coach Stripe',
        expertise: 'Defending',
        price: 40,
        acceptedAgreement: true,
      })
    ).json().id;
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
      await db().select().from(mailOutbox).where(eq(mailOutbox.to, coach.email))
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
    const [expert] = await db().select().from(experts).where(eq(experts.id, expertId));
    const accountId = expert!.stripeAccountId!;
    expect(accountId).toMatch(/^acct_/);
    expect(expert).toMatchObject({ stripeOnboardingComplete: false, stripePayoutsEnabled: false });

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
    const [updated] = await db().select().from(experts).where(eq(experts.id, expertId));
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
