import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors';

export const CROSS_SITE_MESSAGE = 'Cross-site request refused.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Routes that act on a signed token in their URL and never on cookies, so a cookie sent along
 * gives a forged request nothing: the unsubscribe link (ADR 057), whose page's plain form is
 * POSTed with `Origin: null` (the pages' `Referrer-Policy: no-referrer` makes browsers say so).
 */
const TOKEN_ONLY_ROUTES = new Set(['/unsubscribe']);

function sameHost(origin: string, host: string | undefined) {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Whether a request comes from another site, as the browser reports it: in Origin, or, when the
 * browser hides the origin (`Origin: null`, which our `Referrer-Policy: no-referrer` makes Chromium
 * send with a plain form's POST, as a sandboxed frame does), in Sec-Fetch-Site, which must then
 * say same-origin; without either header, in nothing (not a browser another site could drive).
 */
export function fromAnotherSite(
  headers: { origin?: string; host?: string; 'sec-fetch-site'?: string | string[] },
  publicOrigin: string,
): boolean {
  const { origin } = headers;
  const fetchSite = headers['sec-fetch-site'];
  if (origin === 'null') return fetchSite !== 'same-origin';
  if (origin !== undefined) return !(origin === publicOrigin || sameHost(origin, headers.host));
  return fetchSite === 'cross-site';
}

/**
 * CSRF protection for cookie-authenticated writes (ADR 017). SameSite=Lax cookies already stay
 * home on cross-site POSTs; this refuses, in addition, any write that carries cookies and comes from
 * another origin, as browsers report it in Origin (or, without Origin, Sec-Fetch-Site). A request
 * without cookies has no ambient authority to abuse (the admin API uses a bearer header), and a
 * client that sends neither header is not a browser another site could drive.
 */
export const csrf = fp<{ publicUrl: string }>(async (app: FastifyInstance, { publicUrl }) => {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    if (TOKEN_ONLY_ROUTES.has(request.routeOptions.url ?? '')) return;
    if (fromAnotherSite(request.headers, publicOrigin)) throw forbidden(CROSS_SITE_MESSAGE);
  });
});
