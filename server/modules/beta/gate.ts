import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../../errors';
import { BETA_COOKIE, betaToken, safeEqual } from './access-token';

/** API paths a visitor needs before (or without) passing the gate. */
// The e-mail confirmation link carries its own secret and may be opened in another browser.
// Stripe's webhook has no cookie; its signature is its authentication.
const OPEN_PATHS = new Set([
  '/api/health',
  '/api/beta',
  '/api/config',
  '/api/auth/verify-email',
  '/api/payments/webhook/stripe',
]);

export const BETA_REQUIRED_MESSAGE = 'Beta access required';

/** The server side of the beta gate: without the cookie, the API refuses. */
export const betaGate = fp<{ code: string | undefined; secret: string }>(
  async (app: FastifyInstance, { code, secret }) => {
    if (!code) return;
    const expected = betaToken(secret, code);
    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0] ?? '';
      if (!path.startsWith('/api/') || OPEN_PATHS.has(path)) return;
      const cookie = request.cookies[BETA_COOKIE];
      if (!cookie || !safeEqual(cookie, expected)) throw forbidden(BETA_REQUIRED_MESSAGE);
    });
  },
);
