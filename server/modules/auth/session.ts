import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../../contracts/account';
import { AppError } from '../../errors';
import type { Auth } from './auth';
import { verifiedToken, type Viewer } from './viewer';

export type { SessionUser, Viewer } from './viewer';

const resolved = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

async function lookUp(auth: Auth, request: FastifyRequest): Promise<Viewer | null> {
  const { authCookies, secret, sessionConfig } = await auth.$context;
  const cookie = request.cookies[authCookies.sessionToken.name];
  const token = cookie ? verifiedToken(cookie, secret) : null;
  if (!token) return null;
  const viewer = await auth.viewers(token);
  if (viewer && refreshDue(viewer, sessionConfig)) await refresh(auth, request);
  return viewer && withoutSession(viewer);
}

/** better-auth extends a session at most once per `updateAge`; the same rule as its getSession. */
function refreshDue(
  viewer: { sessionExpiresAt: Date },
  config: { expiresIn: number; updateAge: number },
): boolean {
  const updatedAt = viewer.sessionExpiresAt.getTime() - config.expiresIn * 1000;
  return Date.now() > updatedAt + config.updateAge * 1000;
}

/** Lets better-auth itself extend the session, so its own rules keep deciding how. */
async function refresh(auth: Auth, request: FastifyRequest): Promise<void> {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  await auth.api.getSession({ headers });
}

function withoutSession({
  sessionExpiresAt: _,
  ...viewer
}: Viewer & { sessionExpiresAt: Date }): Viewer {
  return viewer;
}

/** The signed-in user, looked up once per request from the session cookie (ADR 033). */
export function sessionUser(auth: Auth, request: FastifyRequest): Promise<Viewer | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = lookUp(auth, request);
    resolved.set(request, pending);
  }
  return pending;
}

export async function requireUser(auth: Auth, request: FastifyRequest): Promise<Viewer> {
  const user = await sessionUser(auth, request);
  if (!user) throw new AppError(401, ACCOUNT_MESSAGES.signInRequired);
  return user;
}
