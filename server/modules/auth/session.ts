import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../../contracts/account';
import { AppError } from '../../errors';
import type { Auth } from './auth';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  const cookie = request.headers.cookie;
  if (cookie) headers.set('cookie', cookie);
  return headers;
}

/** The signed-in user, looked up once per request from the session cookie. */
export function sessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = auth.api
      .getSession({ headers: toHeaders(request) })
      .then((session) =>
        session
          ? { id: session.user.id, name: session.user.name, email: session.user.email }
          : null,
      );
    resolved.set(request, pending);
  }
  return pending;
}

export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(auth, request);
  if (!user) throw new AppError(401, ACCOUNT_MESSAGES.signInRequired);
  return user;
}
