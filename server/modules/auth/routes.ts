import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { nameChangeCheckSchema, signUpCheckSchema } from '../../../contracts/account-schemas';
import { badRequest } from '../../errors';
import type { Auth } from './auth';
import { CLIENT_IP_HEADER } from './auth';

const SIGN_UP_PATH = '/api/auth/sign-up/email';
const UPDATE_USER_PATH = '/api/auth/update-user';

/**
 * What better-auth would take unchecked, checked here and not only in the form (spec §5): sign-up
 * needs the terms and privacy checkbox ticked and a 1-100 character name with the secure-input
 * rules; a name change the same name rules. The name goes on as checked (angle brackets stripped).
 */
function checkedBody(path: string, body: unknown): unknown {
  const fields = (body ?? {}) as Record<string, unknown>;
  if (path === SIGN_UP_PATH) {
    const { acceptTerms, ...rest } = fields;
    const { name } = parsed(signUpCheckSchema, { name: fields.name, acceptTerms });
    return { ...rest, name };
  }
  if (path === UPDATE_USER_PATH && 'name' in fields) {
    return { ...fields, ...parsed(nameChangeCheckSchema, { name: fields.name }) };
  }
  return body;
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? 'Invalid request';
  throw badRequest(message, { [String(issue?.path[0] ?? '_')]: message });
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
      const body = checkedBody(url.pathname, request.body);
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
