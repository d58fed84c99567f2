import Stripe from 'stripe';
import { CHECKOUT_MINUTES } from '../../../contracts/limits';
import type {
  CheckoutSessionStatus,
  ConnectedAccountStatus,
  PaymentEvent,
  PaymentProvider,
} from './types';

export interface StripeProviderOptions {
  secretKey: string;
  /** Kept for parity with the local provider; Stripe hosts checkout and onboarding itself. */
  publicUrl: string;
  /** Only for tests and stubs: where the SDK sends its requests instead of api.stripe.com. */
  apiHost?: string;
  apiPort?: number;
  apiProtocol?: 'http' | 'https';
}

/** The SDK's own network retries reuse the idempotency key we pass, so a retry never doubles. */
const MAX_NETWORK_RETRIES = 2;

export function createStripeClient(
  options: Pick<StripeProviderOptions, 'secretKey' | 'apiHost' | 'apiPort' | 'apiProtocol'>,
): Stripe {
  return new Stripe(options.secretKey, {
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    ...(options.apiHost
      ? { host: options.apiHost, port: options.apiPort, protocol: options.apiProtocol ?? 'https' }
      : {}),
  });
}

/** Our view of a connected account: "complete" only once Stripe lets it take and pay out money. */
export function accountStatusOf(account: Stripe.Account): ConnectedAccountStatus {
  const chargesEnabled = account.charges_enabled;
  const payoutsEnabled = account.payouts_enabled;
  const requirements = new Set([
    ...(account.requirements?.currently_due ?? []),
    ...(account.requirements?.past_due ?? []),
  ]);
  return {
    onboardingComplete: account.details_submitted && chargesEnabled && payoutsEnabled,
    chargesEnabled,
    payoutsEnabled,
    requirements: [...requirements].map(String),
  };
}

/** Stripe expands some references to objects on request; we only ever need the id. */
const idOf = (ref: string | { id: string } | null | undefined): string | undefined =>
  typeof ref === 'string' ? ref : ref?.id;

/** A state Stripe may add later counts as open: the session is tried again, never assumed closed. */
function sessionStatusOf(session: Stripe.Checkout.Session): CheckoutSessionStatus {
  if (session.status === 'complete') return 'complete';
  return session.status === 'expired' ? 'expired' : 'open';
}

/**
 * Maps a verified Stripe event to the one shape apply-event understands, or null for events we do
 * not act on. The Stripe event id becomes ours, so Stripe's redeliveries are recognised as replays.
 */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  const id = event.id;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const questionId = session.metadata?.questionId;
      const paymentIntentId = idOf(session.payment_intent);
      // A completed session can still be unpaid for delayed payment methods; that is not a payment.
      if (!questionId || !paymentIntentId || session.payment_status === 'unpaid') return null;
      return { id, type: 'checkout.completed', questionId, sessionId: session.id, paymentIntentId };
    }
    case 'checkout.session.expired': {
      const questionId = event.data.object.metadata?.questionId;
      return questionId ? { id, type: 'checkout.expired', questionId } : null;
    }
    case 'payment_intent.payment_failed': {
      // payment_intent_data.metadata at checkout puts the question id on the payment intent.
      const questionId = event.data.object.metadata?.questionId;
      return questionId ? { id, type: 'payment.failed', questionId } : null;
    }
    case 'account.updated': {
      const account = event.data.object;
      return {
        id,
        type: 'account.updated',
        accountId: account.id,
        status: accountStatusOf(account),
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      // Stripe sends this for partial refunds too; only a full refund ends the question's payment.
      // Every refund, ours or one made in Stripe's dashboard, ends in this event.
      if (!paymentIntentId || !charge.refunded) return null;
      const refundId = idOf(charge.refunds?.data.at(-1)) ?? null;
      return { id, type: 'charge.refunded', paymentIntentId, refundId };
    }
    default:
      return null;
  }
}

/**
 * The production payment provider (ADR 013): Stripe Checkout with separate charges and
 * transfers, so funds stay with the platform until the answer, and Connect Express for Coaches.
 */
export function createStripePaymentProvider(
  options: StripeProviderOptions,
): PaymentProvider & { stripe: Stripe } {
  const stripe = createStripeClient(options);
  return {
    name: 'stripe',
    stripe,
    async createCheckout(request) {
      const { questionId } = request;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          customer_email: request.customerEmail,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata: { questionId },
          // A session lasts CHECKOUT_MINUTES, the slot of the Coach's cap it holds with it (ADR
          // 082); a minute more, as Stripe refuses less than 30 minutes by its own clock.
          expires_at: Math.floor(Date.now() / 1000) + (CHECKOUT_MINUTES + 1) * 60,
          // The payment intent carries the question too: payment_intent.payment_failed names it.
          // transfer_group ties the later transfer to this charge in Stripe's reporting.
          payment_intent_data: {
            metadata: { questionId },
            transfer_group: `question_${questionId}`,
          },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url)
        throw new Error(`Stripe returned checkout session ${session.id} without url`);
      return { sessionId: session.id, url: session.url };
    },
    async expireCheckoutSession({ sessionId, idempotencyKey }) {
      try {
        const session = await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey });
        return { status: sessionStatusOf(session) };
      } catch (error) {
        // Only an open session can be expired: one already paid or expired answers 400. Its
        // state then says which; a paid one's payment arrives through its own event.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        return { status: sessionStatusOf(await stripe.checkout.sessions.retrieve(sessionId)) };
      }
    },
    async createConnectedAccount(email, idempotencyKey) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        },
        { idempotencyKey },
      );
      return { accountId: account.id };
    },
    async createOnboardingLink(accountId, returnUrl, refreshUrl) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },
    async getAccountStatus(accountId) {
      return accountStatusOf(await stripe.accounts.retrieve(accountId));
    },
    async createDashboardLink(accountId) {
      return (await stripe.accounts.createLoginLink(accountId)).url;
    },
    async transfer({ accountId, amountCents, transferGroup, idempotencyKey }) {
      const transfer = await stripe.transfers.create(
        {
          amount: amountCents,
          currency: 'usd',
          destination: accountId,
          transfer_group: transferGroup,
        },
        { idempotencyKey },
      );
      return { transferId: transfer.id };
    },
    async reverseTransfer({ transferId, amountCents, idempotencyKey }) {
      const reversal = await stripe.transfers.createReversal(
        transferId,
        { amount: amountCents },
        { idempotencyKey },
      );
      return { reversalId: reversal.id };
    },
    async refund({ paymentIntentId, idempotencyKey, amountCents }) {
      const refund = await stripe.refunds.create(
        // Without an amount Stripe refunds what is left of the payment.
        {
          payment_intent: paymentIntentId,
          ...(amountCents === undefined ? {} : { amount: amountCents }),
        },
        { idempotencyKey },
      );
      return { refundId: refund.id };
    },
    async cardLast4(paymentIntentId) {
      // The charge's payment_method_details name the card (ADR 056). A receipt without the digits
      // is better than a payment left unrecorded, so any failure here is just "unknown".
      try {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
          expand: ['latest_charge'],
        });
        const charge = intent.latest_charge;
        const last4 =
          typeof charge === 'object' ? charge?.payment_method_details?.card?.last4 : undefined;
        return last4 && /^[0-9]{4}$/.test(last4) ? last4 : null;
      } catch {
        return null;
      }
    },
  };
}
