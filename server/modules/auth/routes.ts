import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { nameChangeCheckSchema, signUpCheckSchema } from '../../../contracts/account-schemas';
import { badRequest } from '../../errors';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { DatabaseUnavailableError } from '../../db/unavailable';
import type { Auth } from './auth';
import { CLIENT_IP_HEADER } from './auth';
import { withCurrentTokenSignature } from './rotated-signatures';
import { currentlySigned } from './session';
import {
  clearedSignUpCookie,
  SIGN_UP_COOKIE,
  signedUpUserId,
  signUpCookie,
  startedSignUp,
  VERIFY_EMAIL_PATH,
  verificationTokenClaims,
} from './signup-browser';

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

/** The session token inside better-auth's signed session cookie (`token.signature`). */
async function sessionTokenIn(auth: Auth, cookies: string[]): Promise<string | null> {
  const { authCookies } = await auth.$context;
  const prefix = `${authCookies.sessionToken.name}=`;
  const cookie = cookies.find((c) => c.startsWith(prefix));
  const value = cookie ? decodeURIComponent(cookie.slice(prefix.length).split(';')[0] ?? '') : '';
  return value.split('.')[0] || null;
}

/**
 * The cookies to send back. A sign-up marks its browser with its own account's mark; a confirmation
 * link keeps better-auth's new session only in that browser, and ends it anywhere else (ADR 030,
 * ADR 036).
 */
async function cookiesToSend(
  auth: Auth,
  config: Config,
  request: FastifyRequest,
  response: Response,
  body: Buffer | null,
): Promise<string[]> {
  const cookies = response.headers.getSetCookie();
  const path = new URL(request.url, 'http://x').pathname;
  const userId = path === SIGN_UP_PATH && response.ok ? signedUpUserId(body) : null;
  if (userId) {
    return [
      ...cookies,
      signUpCookie(config.APP_SECRET, userId, config.PUBLIC_URL.startsWith('https://')),
    ];
  }
  if (path !== VERIFY_EMAIL_PATH || cookies.length === 0) return cookies;
  const token = (request.query as { token?: unknown }).token;
  const claims = typeof token === 'string' ? verificationTokenClaims(token) : null;
  // An e-mail change only updates the session of whoever is already signed in.
  if (!claims || claims.updateTo !== undefined) return cookies;
  // better-auth has checked the token (there is a session) and that its user id is the account's.
  if (
    claims.userId !== undefined &&
    startedSignUp(auth.secrets, request.cookies[SIGN_UP_COOKIE], claims.userId)
  ) {
    return [...cookies, clearedSignUpCookie()];
  }
  const sessionToken = await sessionTokenIn(auth, cookies);
  if (sessionToken) await (await auth.$context).internalAdapter.deleteSession(sessionToken);
  return [];
}

/** Hands /api/auth/* to better-auth as a Web Request and relays its Response. */
export const authRoutes: FastifyPluginAsync<{
  auth: Auth;
  config: Config;
  database: DatabaseHandle;
}> = async (app, { auth, config, database }) => {
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
      // Signed before APP_SECRET was rotated: signed again for better-auth (ADR 047).
      const cookie = headers.get('cookie');
      if (cookie) headers.set('cookie', await currentlySigned(auth, cookie));
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const token = url.pathname === VERIFY_EMAIL_PATH ? url.searchParams.get('token') : null;
      if (token) url.searchParams.set('token', withCurrentTokenSignature(token, auth.secrets));
      const body = checkedBody(url.pathname, request.body);
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      // better-auth answers any failure of its own queries with a bare 500: while the database
      // does not answer, that is the outage's 503 with Retry-After instead (ADR 045).
      if (response.status >= 500 && !(await database.ping())) {
        throw new DatabaseUnavailableError(`better-auth answered ${response.status}`);
      }
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const payload = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      const cookies = await cookiesToSend(auth, config, request, response, payload);
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(payload);
    },
  });
};
