import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHECKOUT_MINUTES } from '../../../contracts/limits';
import { startStripeStub, stripeEventJson, type StripeStub } from '../../test/stripe-stub';
import { createStripePaymentProvider, toPaymentEvent } from './stripe';

describe('the Stripe payment provider against a local Stripe stand-in', () => {
  let stub: StripeStub;
  let provider: ReturnType<typeof createStripePaymentProvider>;

  const only = () => {
    expect(stub.requests).toHaveLength(1);
    return stub.requests[0]!;
  };

  beforeAll(async () => {
    stub = await startStripeStub();
    provider = createStripePaymentProvider({
      secretKey: 'sk_test_x',
      publicUrl: 'http://localhost:3000',
      apiHost: stub.host,
      apiPort: stub.port,
      apiProtocol: 'http',
    });
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    stub.requests.length = 0;
  });

  it('creates a Checkout session for the question amount in cents, keyed for idempotency', async () => {
    const before = Math.floor(Date.now() / 1000);
    const checkout = await provider.createCheckout({
      questionId: 'q-123',
      amountCents: 4000,
      description: 'Question for Coach Pay',
      customerEmail: 'pat@example.test',
      successUrl: 'http://localhost:3000/questions/q-123?payment=success',
      cancelUrl: 'http://localhost:3000/questions/q-123?payment=cancelled',
      idempotencyKey: 'checkout-q-123-1',
    });
    expect(checkout.sessionId).toMatch(/^cs_test_/);
    expect(checkout.url).toBe(`https://checkout.stripe.com/c/pay/${checkout.sessionId}`);
    const request = only();
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: 'checkout-q-123-1',
      authorization: 'Bearer sk_test_x',
    });
    expect(request.body).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '4000',
      'line_items[0][price_data][product_data][name]': 'Question for Coach Pay',
      customer_email: 'pat@example.test',
      success_url: 'http://localhost:3000/questions/q-123?payment=success',
      cancel_url: 'http://localhost:3000/questions/q-123?payment=cancelled',
      'metadata[questionId]': 'q-123',
      'payment_intent_data[metadata][questionId]': 'q-123',
      'payment_intent_data[transfer_group]': 'question_q-123',
      expires_at: expect.any(String),
    });
    // The session closes after CHECKOUT_MINUTES and a minute's margin for Stripe's clock (ADR 082).
    const expiresAt = Number(request.body.expires_at) - before;
    expect(expiresAt).toBeGreaterThanOrEqual((CHECKOUT_MINUTES + 1) * 60);
    expect(expiresAt).toBeLessThanOrEqual((CHECKOUT_MINUTES + 1) * 60 + 5);
  });

  it('creates an Express connected account able to take cards and receive transfers', async () => {
    const { accountId } = await provider.createConnectedAccount('coach@example.test', 'connect-e1');
    expect(accountId).toMatch(/^acct_/);
    const request = only();
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/accounts',
      idempotencyKey: 'connect-e1',
    });
    expect(request.body).toEqual({
      type: 'express',
      email: 'coach@example.test',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
    });
  });

  it('links to onboarding and to the Express dashboard', async () => {
    const { accountId } = await provider.createConnectedAccount('c2@example.test', 'connect-e2');
    stub.requests.length = 0;
    const onboarding = await provider.createOnboardingLink(
      accountId,
      'http://localhost:3000/expert-payment-setup?success=true',
      'http://localhost:3000/expert-payment-setup?refresh=true',
    );
    expect(onboarding).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${accountId}/`));
    expect(only()).toMatchObject({
      method: 'POST',
      path: '/v1/account_links',
      body: {
        account: accountId,
        type: 'account_onboarding',
        return_url: 'http://localhost:3000/expert-payment-setup?success=true',
        refresh_url: 'http://localhost:3000/expert-payment-setup?refresh=true',
      },
    });

    stub.requests.length = 0;
    const dashboard = await provider.createDashboardLink(accountId);
    expect(dashboard).toMatch(new RegExp(`^https://connect\\.stripe\\.com/express/${accountId}/`));
    expect(only()).toMatchObject({ method: 'POST', path: `/v1/accounts/${accountId}/login_links` });
  });

  it('reads the account status: complete only when submitted, charging and paying out', async () => {
    const { accountId } = await provider.createConnectedAccount('c3@example.test', 'connect-e3');
    stub.requests.length = 0;
    expect(await provider.getAccountStatus(accountId)).toEqual({
      onboardingComplete: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      requirements: ['external_account', 'tos_acceptance.date'],
    });
    expect(only()).toMatchObject({ method: 'GET', path: `/v1/accounts/${accountId}` });

    const account = stub.accounts.get(accountId)!;
    Object.assign(account, {
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: false,
      requirements: { currently_due: ['external_account'], past_due: ['individual.dob.day'] },
    });
    expect(await provider.getAccountStatus(accountId)).toEqual({
      onboardingComplete: false,
      chargesEnabled: true,
      payoutsEnabled: false,
      requirements: ['external_account', 'individual.dob.day'],
    });

    Object.assign(account, {
      payouts_enabled: true,
      requirements: { currently_due: [], past_due: [] },
    });
    expect((await provider.getAccountStatus(accountId)).onboardingComplete).toBe(true);
  });

  it('transfers the Coach share to the connected account within the question transfer group', async () => {
    const { transferId } = await provider.transfer({
      accountId: 'acct_coach',
      amountCents: 2800,
      transferGroup: 'question_q-123',
      idempotencyKey: 'payout-p1',
    });
    expect(transferId).toMatch(/^tr_/);
    expect(only()).toMatchObject({
      method: 'POST',
      path: '/v1/transfers',
      idempotencyKey: 'payout-p1',
      body: {
        amount: '2800',
        currency: 'usd',
        destination: 'acct_coach',
        transfer_group: 'question_q-123',
      },
    });
  });

  it('refunds the payment intent in full', async () => {
    const { refundId } = await provider.refund({
      paymentIntentId: 'pi_123',
      idempotencyKey: 'refund-q-123',
    });
    expect(refundId).toMatch(/^re_/);
    const request = only();
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      idempotencyKey: 'refund-q-123',
    });
    expect(request.body).toEqual({ payment_intent: 'pi_123' });
  });

  it('refunds part of the payment intent and reverses part of a transfer (ADR 063)', async () => {
    await provider.refund({
      paymentIntentId: 'pi_123',
      idempotencyKey: 'refund-part-q-123',
      amountCents: 1250,
    });
    const { transferId } = await provider.transfer({
      accountId: 'acct_coach',
      amountCents: 2800,
      transferGroup: 'question_q-123',
      idempotencyKey: 'payout-p1',
    });
    await provider.reverseTransfer({
      transferId,
      amountCents: 875,
      idempotencyKey: 'reversal-part-p1',
    });
    const [refund, , reversal] = stub.requests;
    expect(refund).toMatchObject({ path: '/v1/refunds', idempotencyKey: 'refund-part-q-123' });
    expect(refund?.body).toEqual({ payment_intent: 'pi_123', amount: '1250' });
    expect(reversal).toMatchObject({
      path: `/v1/transfers/${transferId}/reversals`,
      idempotencyKey: 'reversal-part-p1',
      body: { amount: '875' },
    });
  });

  it('retries a failed call with the same idempotency key, so money moves once', async () => {
    stub.failNext(1);
    const { transferId } = await provider.transfer({
      accountId: 'acct_coach',
      amountCents: 2800,
      transferGroup: 'question_q-9',
      idempotencyKey: 'payout-p9',
    });
    expect(transferId).toMatch(/^tr_/);
    expect(stub.requests.map((r) => [r.path, r.idempotencyKey])).toEqual([
      ['/v1/transfers', 'payout-p9'],
      ['/v1/transfers', 'payout-p9'],
    ]);
  });
});

describe('toPaymentEvent', () => {
  const event = (type: string, object: Record<string, unknown>, id?: string) =>
    stripeEventJson(type, object, id) as unknown as Stripe.Event;

  it('maps a paid checkout to checkout.completed with the payment intent', () => {
    expect(
      toPaymentEvent(
        event(
          'checkout.session.completed',
          {
            id: 'cs_test_1',
            object: 'checkout.session',
            payment_status: 'paid',
            metadata: { questionId: 'q-1' },
            payment_intent: 'pi_1',
          },
          'evt_1',
        ),
      ),
    ).toEqual({
      id: 'evt_1',
      type: 'checkout.completed',
      questionId: 'q-1',
      sessionId: 'cs_test_1',
      paymentIntentId: 'pi_1',
    });
  });

  it('ignores a completed checkout whose delayed payment has not arrived yet', () => {
    expect(
      toPaymentEvent(
        event('checkout.session.completed', {
          id: 'cs_test_2',
          object: 'checkout.session',
          payment_status: 'unpaid',
          metadata: { questionId: 'q-1' },
          payment_intent: 'pi_1',
        }),
      ),
    ).toBeNull();
  });

  it('maps an expired checkout', () => {
    expect(
      toPaymentEvent(
        event(
          'checkout.session.expired',
          { id: 'cs_test_3', object: 'checkout.session', metadata: { questionId: 'q-2' } },
          'evt_2',
        ),
      ),
    ).toEqual({ id: 'evt_2', type: 'checkout.expired', questionId: 'q-2' });
  });

  it('maps a failed payment through the payment intent metadata', () => {
    expect(
      toPaymentEvent(
        event(
          'payment_intent.payment_failed',
          { id: 'pi_3', object: 'payment_intent', metadata: { questionId: 'q-3' } },
          'evt_3',
        ),
      ),
    ).toEqual({ id: 'evt_3', type: 'payment.failed', questionId: 'q-3' });
  });

  it('maps an account update to its computed status', () => {
    expect(
      toPaymentEvent(
        event(
          'account.updated',
          {
            id: 'acct_4',
            object: 'account',
            details_submitted: true,
            charges_enabled: true,
            payouts_enabled: true,
            requirements: { currently_due: [], past_due: [] },
          },
          'evt_4',
        ),
      ),
    ).toEqual({
      id: 'evt_4',
      type: 'account.updated',
      accountId: 'acct_4',
      status: {
        onboardingComplete: true,
        chargesEnabled: true,
        payoutsEnabled: true,
        requirements: [],
      },
    });
  });

  it('maps a full refund by its payment intent, not a partial one', () => {
    const charge = { id: 'ch_5', object: 'charge', payment_intent: 'pi_5', amount: 4000 };
    expect(
      toPaymentEvent(
        event('charge.refunded', { ...charge, refunded: true, amount_refunded: 4000 }, 'evt_5'),
      ),
    ).toEqual({ id: 'evt_5', type: 'charge.refunded', paymentIntentId: 'pi_5', refundId: null });
    // A refund made in the dashboard names itself on the charge.
    expect(
      toPaymentEvent(
        event('charge.refunded', {
          ...charge,
          refunded: true,
          amount_refunded: 4000,
          refunds: { object: 'list', data: [{ id: 're_dash', object: 'refund' }] },
        }),
      ),
    ).toMatchObject({ type: 'charge.refunded', paymentIntentId: 'pi_5', refundId: 're_dash' });
    expect(
      toPaymentEvent(
        event('charge.refunded', { ...charge, refunded: false, amount_refunded: 100 }),
      ),
    ).toBeNull();
  });

  it('ignores every other event type', () => {
    expect(
      toPaymentEvent(event('payment_intent.succeeded', { id: 'pi_6', object: 'payment_intent' })),
    ).toBeNull();
    expect(
      toPaymentEvent(event('customer.created', { id: 'cus_7', object: 'customer' })),
    ).toBeNull();
  });
});
