import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * A confirmation link signs in only the browser that made the sign-up (ADR 030, ADR 036): sign-up
 * leaves this cookie, an HMAC of the account's user id, and the confirmation keeps better-auth's
 * session only when the cookie matches the user id in the link's token. Every sign-up, a repeated
 * one of an unconfirmed address included, creates a user with a new random id, so the mark is a
 * secret of that one sign-up, known only to the browser it answered: never derivable from the
 * address, never matching an earlier registrant's link. Anyone else who opens the link (a shared
 * mailbox, a forwarded message) confirms the address and then signs in with the password.
 */
export const SIGN_UP_COOKIE = 'playbook.signup';
const ONE_DAY_SECONDS = 24 * 60 * 60;
/** better-auth's confirmation endpoint: the only path the browser sends the cookie to. */
export const VERIFY_EMAIL_PATH = '/api/auth/verify-email';

const markOf = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`sign-up:${userId}`).digest('base64url');

export function signUpCookie(secret: string, userId: string, secure: boolean): string {
  const attributes = [
    `${SIGN_UP_COOKIE}=${markOf(secret, userId)}`,
    `Path=${VERIFY_EMAIL_PATH}`,
    `Max-Age=${ONE_DAY_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

export const clearedSignUpCookie = () =>
  `${SIGN_UP_COOKIE}=; Path=${VERIFY_EMAIL_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`;

/** Whether the cookie is the account's mark under any accepted secret (current first, ADR 047). */
export function startedSignUp(
  secrets: readonly string[],
  cookie: string | undefined,
  userId: string,
): boolean {
  if (!cookie) return false;
  const given = Buffer.from(cookie);
  return secrets.some((secret) => {
    const expected = Buffer.from(markOf(secret, userId));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const claimsSchema = z.object({
  email: z.string(),
  updateTo: z.string().optional(),
  userId: z.string().optional(),
});
const signedUpSchema = z.object({ user: z.object({ id: z.string().min(1) }) });

/**
 * The user id in sign-up's answer: the new account's, or, for an address already confirmed,
 * better-auth's made-up one (so that answer, cookie included, looks the same).
 */
export function signedUpUserId(body: Buffer | null): string | null {
  if (!body) return null;
  try {
    const parsed = signedUpSchema.safeParse(JSON.parse(body.toString()));
    return parsed.success ? parsed.data.user.id : null;
  } catch {
    return null;
  }
}

/**
 * What a confirmation token says, read without checking its signature: better-auth checks it when
 * it handles the link, and nothing here grants anything the token alone would not.
 */
export function verificationTokenClaims(token: string) {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = claimsSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
