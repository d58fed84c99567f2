import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Auth } from '../modules/auth';

/**
 * An API answer to a request that carries credentials, a session cookie or an `Authorization`
 * header (an administrator's token), says `Cache-Control: no-store` unless its route set its own
 * (issue 36): no browser or proxy cache keeps what one person was shown. The credentials are not
 * checked here: an expired or forged one is refused by the route, and that answer is not kept
 * either. Anonymous requests are left to their routes (the public reads `server/cache/` serves).
 * Routes that hijack the reply (the event stream, tus uploads) set their headers themselves.
 */
export const noStoreWhenAuthenticated = fp<{ auth: Auth }>(
  async (app: FastifyInstance, { auth }) => {
    const sessionCookie = `${(await auth.$context).authCookies.sessionToken.name}=`;
    const authenticated = (request: FastifyRequest) =>
      request.headers.authorization !== undefined ||
      request.headers.cookie?.includes(sessionCookie) === true;
    app.addHook('onSend', (request, reply, payload, done) => {
      if (
        request.url.startsWith('/api/') &&
        !reply.hasHeader('cache-control') &&
        authenticated(request)
      ) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
);
