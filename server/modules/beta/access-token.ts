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
