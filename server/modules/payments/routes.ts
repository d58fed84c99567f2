import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentSchema,
  localCheckoutSchema,
  onboardingStatusSchema,
  PAYMENT_MESSAGES,
  redirectSchema,
  urlResponseSchema,
} from '../../../contracts/payments';
import type { AppContext } from '../../context';
import { experts, questions } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import { requireUser } from '../auth/session';
import { requireExpert } from '../profiles/require-expert';
import { askerActions } from '../../../contracts/question-states';
import { questionForParticipant, stateOf } from '../questions/service';
import { applyPaymentEvent } from './apply-event';
import { moneyOf } from './settlement';

export const paymentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth, payments, config } = ctx;
  const { db } = ctx.database;
  const questionUrl = (id: string, outcome: string) =>
    `${config.PUBLIC_URL}/questions/${id}?payment=${outcome}`;

  // create-payment: only the asker, and only for the question's own amount.
  app.post(
    '/api/payments/checkout',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { body: createPaymentSchema, response: { 200: urlResponseSchema } },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      const { question: q, viewerRole } = await questionForParticipant(
        db,
        user,
        request.body.questionId,
      );
      if (viewerRole !== 'asker') throw forbidden('Only the Player who asked can pay.');
      if (request.body.amount !== q.amount) throw badRequest(PAYMENT_MESSAGES.amountMismatch);
      if (!askerActions(stateOf(q, null)).pay) throw badRequest(PAYMENT_MESSAGES.notPayable);
      const [expert] = await db.select().from(experts).where(eq(experts.id, q.expertId));
      const checkout = await payments.createCheckout({
        questionId: q.id,
        amountCents: q.amount,
        description: `Question for ${expert?.name ?? 'your Coach'}`,
        customerEmail: user.email,
        successUrl: questionUrl(q.id, 'success'),
        cancelUrl: questionUrl(q.id, 'cancelled'),
        // A new session per request; the SDK's own retries of this call reuse the key.
        idempotencyKey: `checkout-${q.id}-${randomUUID()}`,
      });
      await db
        .update(questions)
        .set({ checkoutSessionId: checkout.sessionId })
        .where(eq(questions.id, q.id));
      return { url: checkout.url };
    },
  );

  // create-stripe-connect-account: the Coach's connected account and its onboarding link.
  app.post(
    '/api/payments/connect',
    { schema: { response: { 200: urlResponseSchema } } },
    async (request) => {
      const { expert } = await requireExpert(auth, db, request);
      let accountId = expert.stripeAccountId;
      if (!accountId) {
        ({ accountId } = await payments.createConnectedAccount(
          expert.email,
          `connect-${expert.id}`,
        ));
        await db
          .update(experts)
          .set({ stripeAccountId: accountId })
          .where(eq(experts.id, expert.id));
      }
      const url = await payments.createOnboardingLink(
        accountId,
        `${config.PUBLIC_URL}/expert-payment-setup?success=true`,
        `${config.PUBLIC_URL}/expert-payment-setup?refresh=true`,
      );
      return { url };
    },
  );

  // check-stripe-onboarding: the provider's view, mirrored into our row.
  app.get(
    '/api/payments/onboarding-status',
    { schema: { response: { 200: onboardingStatusSchema } } },
    async (request) => {
      const { expert } = await requireExpert(auth, db, request);
      if (!expert.stripeAccountId) {
        return {
          onboarding_complete: false,
          charges_enabled: false,
          payouts_enabled: false,
          requirements: ['Create your payment account'],
        };
      }
      const status = await payments.getAccountStatus(expert.stripeAccountId);
      await db
        .update(experts)
        .set({
          stripeOnboardingComplete: status.onboardingComplete,
          stripeChargesEnabled: status.chargesEnabled,
          stripePayoutsEnabled: status.payoutsEnabled,
        })
        .where(eq(experts.id, expert.id));
      return {
        onboarding_complete: status.onboardingComplete,
        charges_enabled: status.chargesEnabled,
        payouts_enabled: status.payoutsEnabled,
        requirements: status.requirements,
      };
    },
  );

  // customer-portal: the Coach's payment dashboard.
  app.post(
    '/api/payments/portal',
    { schema: { response: { 200: urlResponseSchema } } },
    async (request) => {
      const { expert } = await requireExpert(auth, db, request);
      if (!expert.stripeAccountId) throw badRequest(PAYMENT_MESSAGES.noAccount);
      return { url: await payments.createDashboardLink(expert.stripeAccountId) };
    },
  );

  if (payments.name !== 'local') return;

  // ------------------------------------------------------------ the local provider's test pages

  const sessionParams = z.object({ sessionId: z.string().min(1).max(200) });
  const checkoutFor = async (request: Parameters<typeof requireUser>[1], sessionId: string) => {
    const user = await requireUser(auth, request);
    const [row] = await db
      .select({ question: questions, expertName: experts.name })
      .from(questions)
      .innerJoin(experts, eq(experts.id, questions.expertId))
      .where(eq(questions.checkoutSessionId, sessionId));
    if (!row) throw notFound('This checkout session does not exist.');
    if (row.question.askerId !== user.id) throw forbidden('Only the Player who asked can pay.');
    return row;
  };

  app.get(
    '/api/payments/local/checkout/:sessionId',
    { schema: { params: sessionParams, response: { 200: localCheckoutSchema } } },
    async (request) => {
      const { question: q, expertName } = await checkoutFor(request, request.params.sessionId);
      return {
        questionId: q.id,
        amount: q.amount,
        expertName,
        question: q.question,
        paymentStatus: q.paymentStatus,
      };
    },
  );

  app.post(
    '/api/payments/local/checkout/:sessionId/:outcome',
    {
      schema: {
        params: sessionParams.extend({ outcome: z.enum(['pay', 'cancel']) }),
        response: { 200: redirectSchema },
      },
    },
    async (request) => {
      const { question: q } = await checkoutFor(request, request.params.sessionId);
      const paid = request.params.outcome === 'pay';
      await applyPaymentEvent(
        moneyOf(ctx, request.log),
        'local',
        paid
          ? {
              id: `evt_local_${randomUUID()}`,
              type: 'checkout.completed',
              questionId: q.id,
              paymentIntentId: `pi_local_${q.id}`,
            }
          : { id: `evt_local_${randomUUID()}`, type: 'checkout.expired', questionId: q.id },
      );
      return { redirect: questionUrl(q.id, paid ? 'success' : 'cancelled') };
    },
  );

  app.post(
    '/api/payments/local/onboarding/:accountId/complete',
    {
      schema: {
        params: z.object({ accountId: z.string().min(1).max(200) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { expert } = await requireExpert(auth, db, request);
      const [owned] = await db
        .select({ id: experts.id })
        .from(experts)
        .where(
          and(eq(experts.id, expert.id), eq(experts.stripeAccountId, request.params.accountId)),
        );
      if (!owned) throw forbidden('This payment account belongs to someone else.');
      await applyPaymentEvent(moneyOf(ctx, request.log), 'local', {
        id: `evt_local_${randomUUID()}`,
        type: 'account.updated',
        accountId: request.params.accountId,
        status: {
          onboardingComplete: true,
          chargesEnabled: true,
          payoutsEnabled: true,
          requirements: [],
        },
      });
      return reply.code(204).send(null);
    },
  );
};
