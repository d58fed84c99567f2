import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVALID_ACCESS_CODE } from '../../../contracts/beta';
import { betaCodeSchema, betaStatusSchema } from '../../../contracts/beta-schemas';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { BETA_COOKIE, betaToken, safeEqual } from './access-token';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export const betaRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config }) => {
  const code = config.BETA_ACCESS_CODE;
  const expected = code ? betaToken(config.APP_SECRET, code) : undefined;

  app.get('/api/beta', { schema: { response: { 200: betaStatusSchema } } }, async (request) => {
    const cookie = request.cookies[BETA_COOKIE];
    return {
      required: Boolean(expected),
      granted: !expected || Boolean(cookie && safeEqual(cookie, expected)),
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
