import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVALID_ACCESS_CODE } from '../../../contracts/beta';
import { betaCodeSchema, betaStatusSchema } from '../../../contracts/beta-schemas';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { verifyingSecrets } from '../../config';
import { BETA_COOKIE, betaToken, betaTokens, grantsBetaAccess, safeEqual } from './access-token';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export const betaRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config }) => {
  const code = config.BETA_ACCESS_CODE;
  // The current secret's token first: the one a correct code is given (ADR 047).
  const tokens = code ? betaTokens(verifyingSecrets(config), code) : [];
  const expected = tokens[0];

  app.get('/api/beta', { schema: { response: { 200: betaStatusSchema } } }, async (request) => {
    return {
      required: Boolean(expected),
      granted: !expected || grantsBetaAccess(request.cookies[BETA_COOKIE], tokens),
    };
  });

  app.post(
    '/api/beta',
    {
      // Guessing the code is limited per address.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { body: betaCodeSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (!code || !expected) return reply.code(204).send(null);
      if (!safeEqual(betaToken(config.APP_SECRET, request.body.code), expected)) {
        throw badRequest(INVALID_ACCESS_CODE, { code: INVALID_ACCESS_CODE });
      }
      reply.setCookie(BETA_COOKIE, expected, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: ONE_YEAR_SECONDS,
      });
      return reply.code(204).send(null);
    },
  );
};
