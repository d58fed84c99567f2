import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentSchema,
  localCheckoutSchema,
  onboardingStatusSchema,
  redirectSchema,
  urlResponseSchema,
} from '../../../contracts/payments';
import { depsOf, type AppContext } from '../../context';
import { requireUser } from '../auth';
import { requireCoach } from '../coaches';
import {
  completeLocalOnboarding,
  connectAccount,
  dashboardLink,
  finishLocalCheckout,
  localCheckout,
  onboardingStatus,
  startCheckout,
} from './service';

export const paymentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth, payments } = ctx;
  const { db } = ctx.database;

  app.post(
    '/api/payments/checkout',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { body: createPaymentSchema, response: { 200: urlResponseSchema } },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      return startCheckout(depsOf(ctx, request.log), user, request.body);
    },
  );

  app.post(
    '/api/payments/connect',
    { schema: { response: { 200: urlResponseSchema } } },
    async (request) => {
      const { coach } = await requireCoach(auth, db, request);
      return connectAccount(depsOf(ctx, request.log), coach);
    },
  );

  app.get(
    '/api/payments/onboarding-status',
    { schema: { response: { 200: onboardingStatusSchema } } },
    async (request) => {
      const { coach } = await requireCoach(auth, db, request);
      return onboardingStatus(depsOf(ctx, request.log), coach);
    },
  );

  app.post(
    '/api/payments/portal',
    { schema: { response: { 200: urlResponseSchema } } },
    async (request) => {
      const { coach } = await requireCoach(auth, db, request);
      return dashboardLink(depsOf(ctx, request.log), coach);
    },
  );

  if (payments.name !== 'local') return;

  // ------------------------------------------------------------ the local provider's test pages

  const sessionParams = z.object({ sessionId: z.string().min(1).max(200) });

  app.get(
    '/api/payments/local/checkout/:sessionId',
    { schema: { params: sessionParams, response: { 200: localCheckoutSchema } } },
    async (request) => {
      const user = await requireUser(auth, request);
      return localCheckout(depsOf(ctx, request.log), user, request.params.sessionId);
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
      const user = await requireUser(auth, request);
      const { sessionId, outcome } = request.params;
      return finishLocalCheckout(depsOf(ctx, request.log), user, sessionId, outcome);
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
      const { coach } = await requireCoach(auth, db, request);
      await completeLocalOnboarding(depsOf(ctx, request.log), coach, request.params.accountId);
      return reply.code(204).send(null);
    },
  );
};
