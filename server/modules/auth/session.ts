import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../../contracts/account';
import { AppError } from '../../errors';
import { SESSION_ACTIVITY_STEP_MINUTES } from './data';
import type { Auth } from './auth';
import { verifiedToken, withCurrentCookieSignature } from './rotated-signatures';
import type { Viewer, ViewerRow } from './viewer';

export type { SessionUser, Viewer } from './viewer';

const resolved = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

/** The session token of the request's signed cookie; null without one or with a forged one. */
export async function sessionToken(auth: Auth, request: FastifyRequest): Promise<string | null> {
  const { authCookies } = await auth.$context;
  const cookie = request.cookies[authCookies.sessionToken.name];
  return cookie ? verifiedToken(cookie, auth.secrets) : null;
}

const ACTIVITY_STEP_MS = SESSION_ACTIVITY_STEP_MINUTES * 60_000;

/**
 * The viewer a read found, checked: better-auth extends a session at most once per `updateAge`
 * (the rule of its getSession), and when that is due it is asked to, so its own rules decide how.
 * Otherwise the session's use is recorded once per step, so "Last active" moves (issue 36).
 */
async function accepted(
  auth: Auth,
  request: FastifyRequest,
  token: string,
  row: ViewerRow | null,
): Promise<Viewer | null> {
  if (!row) return null;
  const { sessionExpiresAt, sessionActiveAt, ...viewer } = row;
  const { expiresIn, updateAge } = (await auth.$context).sessionConfig;
  if (sessionExpiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= Date.now()) {
    const headers = new Headers();
    const cookie = request.headers.cookie;
    if (cookie) headers.set('cookie', await currentlySigned(auth, cookie));
    await auth.api.getSession({ headers });
  } else if (Date.now() - sessionActiveAt.getTime() >= ACTIVITY_STEP_MS) {
    await auth.touchSession(token);
  }
  return viewer;
}

/** The Cookie header as better-auth, which knows only the current secret, can verify it (ADR 047). */
export async function currentlySigned(auth: Auth, cookie: string): Promise<string> {
  const { authCookies } = await auth.$context;
  return withCurrentCookieSignature(cookie, authCookies.sessionToken.name, auth.secrets);
}

async function lookUp(auth: Auth, request: FastifyRequest): Promise<Viewer | null> {
  const token = await sessionToken(auth, request);
  return token ? accepted(auth, request, token, await auth.findViewer(token)) : null;
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

const signInRequired = () => new AppError(401, ACCOUNT_MESSAGES.signInRequired);

export async function requireUser(auth: Auth, request: FastifyRequest): Promise<Viewer> {
  const user = await sessionUser(auth, request);
  if (!user) throw signInRequired();
  return user;
}

/**
 * A signed-in read that checks the session in its own statement (`viewerByToken`): one round trip
 * for the viewer and the data. 401 without a live session; the viewer is kept for the request.
 */
export async function readAsViewer<
  R extends { viewer: ViewerRow; data: unknown } | { viewer: null; data: null },
>(
  auth: Auth,
  request: FastifyRequest,
  read: (token: string) => Promise<R>,
): Promise<{ viewer: Viewer; data: Extract<R, { viewer: ViewerRow }>['data'] }> {
  const token = await sessionToken(auth, request);
  if (!token) throw signInRequired();
  const found = await read(token);
  const viewer = await accepted(auth, request, token, found.viewer);
  if (!viewer) throw signInRequired();
  resolved.set(request, Promise.resolve(viewer));
  return { viewer, data: (found as Extract<R, { viewer: ViewerRow }>).data };
}
