import { RETURN_PARAM } from '@contracts/return-path';

/**
 * Where someone was going when the site asked them to sign up, sign in, pick a role or create a
 * profile first (issue 13): carried in a `redirect` parameter through every step, including the
 * confirmation e-mail, and honoured once the step is done.
 */
export { RETURN_PARAM, safeReturn } from '@contracts/return-path';

/** `path` with the place to come back to, if there is one. */
export function withReturn(path: string, returnTo: string | null | undefined): string {
  if (!returnTo) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${RETURN_PARAM}=${encodeURIComponent(returnTo)}`;
}

/**
 * Where a confirmation link lands: the sign-in page, which sends on to `next` once signed in (at
 * once in the browser that signed up, which the link signs in; ADR 030).
 */
export const confirmationCallback = (next: string) =>
  withReturn('/auth?mode=signin&confirmed=1', next);
