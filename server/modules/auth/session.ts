import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../../contracts/account';
import { AppError } from '../../errors';
import type { Auth } from './auth';
import type { SessionUser } from './session-cache';

export type { SessionUser };

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  const cookie = request.headers.cookie;
  if (cookie) headers.set('cookie', cookie);
  return headers;
}

async function lookUp(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  const { authCookies } = await auth.$context;
  const cookie = request.cookies[authCookies.sessionToken.name];
  if (!cookie) return null;
  const cached = auth.sessions.get(cookie);
  if (cached) return cached;
  const mark = auth.sessions.mark;
  const session = await auth.api.getSession({ headers: toHeaders(request) });
  if (!session) return null;
  const user = { id: session.user.id, name: session.user.name, email: session.user.email };
  auth.sessions.put(cookie, user, session.session.expiresAt, mark);
  return user;
}

/** The signed-in user, looked up once per request from the session cookie (ADR 020). */
export function sessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = lookUp(auth, request);
    resolved.set(request, pending);
  }
  return pending;
}

export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(auth, request);
  if (!user) throw new AppError(401, ACCOUNT_MESSAGES.signInRequired);
  return user;
}
