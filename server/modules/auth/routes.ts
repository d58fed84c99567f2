import type { FastifyPluginAsync } from 'fastify';
import { signUpAgreementSchema } from '../../../contracts/account-schemas';
import { badRequest } from '../../errors';
import type { Auth } from './auth';
import { CLIENT_IP_HEADER } from './auth';

const SIGN_UP_PATH = '/api/auth/sign-up/email';

/** Sign-up needs the terms and privacy checkbox ticked (spec §5), checked here, not only in the form. */
function withoutAgreement(path: string, body: unknown): unknown {
  if (path !== SIGN_UP_PATH) return body;
  const { acceptTerms, ...rest } = (body ?? {}) as Record<string, unknown>;
  const checked = signUpAgreementSchema.safeParse({ acceptTerms });
  if (!checked.success) {
    const message = checked.error.issues[0]?.message ?? 'Invalid request';
    throw badRequest(message, { acceptTerms: message });
  }
  return rest;
}

/** Hands /api/auth/* to better-auth as a Web Request and relays its Response. */
export const authRoutes: FastifyPluginAsync<{ auth: Auth }> = async (app, { auth }) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || name === CLIENT_IP_HEADER) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      headers.set(CLIENT_IP_HEADER, request.ip);
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const body = withoutAgreement(url.pathname, request.body);
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
};
