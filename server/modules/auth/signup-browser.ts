import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * A confirmation link signs in only the browser that started the sign-up (ADR 030): sign-up leaves
 * this cookie, an HMAC of the e-mail address, and the confirmation keeps better-auth's session only
 * when the cookie matches the address in the link's token. Anyone else who opens the link (a shared
 * mailbox, a forwarded message) confirms the address and then signs in with the password.
 */
export const SIGN_UP_COOKIE = 'playbook.signup';
const ONE_DAY_SECONDS = 24 * 60 * 60;
/** better-auth's confirmation endpoint: the only path the browser sends the cookie to. */
export const VERIFY_EMAIL_PATH = '/api/auth/verify-email';

const markOf = (secret: string, email: string) =>
  createHmac('sha256', secret).update(`sign-up:${email.toLowerCase()}`).digest('base64url');

export function signUpCookie(secret: string, email: string, secure: boolean): string {
  const attributes = [
    `${SIGN_UP_COOKIE}=${markOf(secret, email)}`,
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

export function startedSignUp(secret: string, cookie: string | undefined, email: string): boolean {
  if (!cookie) return false;
  const expected = Buffer.from(markOf(secret, email));
  const given = Buffer.from(cookie);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const claimsSchema = z.object({ email: z.string(), updateTo: z.string().optional() });

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
