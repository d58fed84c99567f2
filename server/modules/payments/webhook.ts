import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { toPaymentEvent } from '../../adapters/payments/stripe';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { applyPaymentEvent } from './apply-event';
import { moneyOf } from './settlement';

export const STRIPE_WEBHOOK_PATH = '/api/payments/webhook/stripe';

/**
 * Stripe's webhook (ADR 013): verify the signature over the raw body, map the
 * event, apply it once. Registered without fastify-plugin, so the raw-body parser below stays in
 * this context and every other route keeps parsing JSON.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { config } = ctx;
  const secret = config.STRIPE_WEBHOOK_SECRET;
  // The configuration schema requires it with PAYMENTS_PROVIDER=stripe; fail loudly if bypassed.
  if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is required for the Stripe webhook');

  // The signature covers the exact bytes Stripe sent; re-serialised JSON would not verify.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    STRIPE_WEBHOOK_PATH,
    { schema: { response: { 200: z.object({ received: z.literal(true) }) } } },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const rawBody = request.body;
      let stripeEvent: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(rawBody)) throw new Error('unsigned');
        // Verification is pure HMAC over the body: the static helper needs no API client.
        stripeEvent = Stripe.webhooks.constructEvent(rawBody, signature, secret);
      } catch {
        throw badRequest('Invalid signature');
      }
      const event = toPaymentEvent(stripeEvent);
      // Ignored types and replays are acknowledged too, or Stripe would keep redelivering them.
      if (event) await applyPaymentEvent(moneyOf(ctx, request.log), 'stripe', event);
      return { received: true as const };
    },
  );
};
