import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../../errors';
import { BETA_COOKIE, betaTokens, grantsBetaAccess } from './access-token';

/** API routes a visitor needs before (or without) passing the gate, as the router declares them. */
// Stripe's webhook has no cookie; its signature is its authentication.
const OPEN_ROUTES = new Set([
  '/api/health',
  '/api/health/live',
  '/api/health/ready',
  '/api/beta',
  '/api/config',
  '/api/payments/webhook/stripe',
]);
// better-auth's routes are one wildcard; of them, only the e-mail confirmation link is open: it
// carries its own secret and may be opened in another browser.
const AUTH_ROUTE = '/api/auth/*';
const OPEN_AUTH_PATHS = new Set(['verify-email']);

export const BETA_REQUIRED_MESSAGE = 'Beta access required';

/** The server side of the beta gate: without the cookie, the API refuses. */
export const betaGate = fp<{ code: string | undefined; secrets: readonly string[] }>(
  async (app: FastifyInstance, { code, secrets }) => {
    if (!code) return;
    const tokens = betaTokens(secrets, code);
    // Decided on the route the router matched, never on the raw path: the router decodes the path
    // first, so '/%61pi/…' reaches an API route that a check on the raw text would take for a page.
    app.addHook('onRequest', async (request) => {
      const route = request.routeOptions.url ?? '';
      if (!route.startsWith('/api/') || OPEN_ROUTES.has(route)) return;
      const wildcard = (request.params as Record<string, string | undefined>)['*'];
      if (route === AUTH_ROUTE && OPEN_AUTH_PATHS.has(wildcard ?? '')) return;
      if (!grantsBetaAccess(request.cookies[BETA_COOKIE], tokens)) {
        throw forbidden(BETA_REQUIRED_MESSAGE);
      }
    });
  },
);
