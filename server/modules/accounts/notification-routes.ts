import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_MESSAGES,
  notificationPreferenceInputSchema,
  notificationPreferencesSchema,
  UNSUBSCRIBE_CHOICE_FIELD,
  unsubscribeQuerySchema,
  unsubscribeStatusSchema,
} from '../../../contracts/notifications';
import { verifyingSecrets } from '../../config';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { requireUser } from '../auth';
import {
  categoryEnabled,
  choosePreference,
  preferencesOf,
  verifyUnsubscribeToken,
} from '../notifications';

/** A form post is small: the one field of the page, or RFC 8058's `List-Unsubscribe=One-Click`. */
const FORM_BODY_LIMIT = 1024;

/** The unsubscribe page's form, or a mail provider's one-click POST (whose field is ignored). */
const unsubscribeFormSchema = z.object({
  [UNSUBSCRIBE_CHOICE_FIELD]: z.enum(['on', 'off']).optional(),
});

/**
 * E-mail preferences (issue 25, ADR 057): Account Settings' choices, and the unsubscribe link every
 * e-mail that can be turned off carries. The link works without signing in: its token, signed with
 * APP_SECRET (a previous one verifies too, ADR 047), names the person and the one kind it turns off.
 */
export const notificationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth, config } = ctx;
  const { db } = ctx.database;
  const secrets = verifyingSecrets(config);
  const verified = (token: string) => {
    const named = verifyUnsubscribeToken(secrets, token);
    if (!named) throw badRequest(NOTIFICATION_MESSAGES.invalidLink);
    return named;
  };

  app.get(
    '/api/account/notifications',
    { schema: { response: { 200: notificationPreferencesSchema } } },
    async (request) => ({
      preferences: await preferencesOf(db, (await requireUser(auth, request)).id),
    }),
  );

  app.post(
    '/api/account/notifications',
    {
      schema: {
        body: notificationPreferenceInputSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => {
      const user = await requireUser(auth, request);
      await choosePreference(db, user.id, request.body.category, request.body.enabled);
      return { preferences: await preferencesOf(db, user.id) };
    },
  );

  // The unsubscribe page's data: the kind its link names and whether it is on.
  app.get(
    '/api/unsubscribe',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { querystring: unsubscribeQuerySchema, response: { 200: unsubscribeStatusSchema } },
    },
    async (request) => {
      const { userId, category } = verified(request.query.token);
      return { category, enabled: await categoryEnabled(db, userId, category) };
    },
  );

  // The link itself, POSTed: by a mail client's one-click button (RFC 8058: no cookies, from
  // anywhere, so the CSRF check, which only weighs requests carrying cookies, lets it through),
  // or by the unsubscribe page's plain form, which then shows the page again.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/unsubscribe',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          querystring: unsubscribeQuerySchema,
          body: unsubscribeFormSchema.optional(),
          response: { 200: unsubscribeStatusSchema },
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        const { userId, category } = verified(token);
        const choice = request.body?.[UNSUBSCRIBE_CHOICE_FIELD];
        const enabled = choice === 'on';
        if (!(await choosePreference(db, userId, category, enabled))) {
          throw badRequest(NOTIFICATION_MESSAGES.invalidLink);
        }
        if (choice === undefined) return { category, enabled };
        return reply.redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303);
      },
    );
  });
};
