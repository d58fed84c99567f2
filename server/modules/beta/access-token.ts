import { createHmac, timingSafeEqual } from 'node:crypto';

export const BETA_COOKIE = 'beta_access';

/** The cookie proves the code was entered without storing it; changing the code revokes every cookie. */
export function betaToken(secret: string, code: string): string {
  return createHmac('sha256', secret).update(`beta:${code}`).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The cookie values that prove the code: one per accepted secret, the current one's first (ADR 047). */
export const betaTokens = (secrets: readonly string[], code: string): string[] =>
  secrets.map((secret) => betaToken(secret, code));

export const grantsBetaAccess = (cookie: string | undefined, tokens: readonly string[]) =>
  cookie !== undefined && tokens.some((token) => safeEqual(cookie, token));
