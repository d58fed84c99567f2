import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * better-auth signs with one secret, so its signatures made before a rotation of APP_SECRET are
 * checked here against every secret still accepted (current first) and, when a previous one made
 * them, signed again with the current one before better-auth sees them (ADR 047).
 */

const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest();

/** The secret of `secrets` whose HMAC of `data` is `given`, or undefined for a forgery. */
function signer(secrets: readonly string[], data: string, given: Buffer): string | undefined {
  return secrets.find((secret) => {
    const expected = hmac(secret, data);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** better-call's signed cookie value, `token.base64(HMAC-SHA256(secret, token))`, split. */
function cookieParts(cookie: string): { token: string; signature: Buffer } | null {
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return null;
  return { token: cookie.slice(0, dot), signature: Buffer.from(cookie.slice(dot + 1), 'base64') };
}

/**
 * The session token from better-auth's signed cookie, or null when no accepted secret signed it.
 * Checked here with Node's synchronous HMAC, which saves the Web Request and crypto round trip of
 * `auth.api.getSession`.
 */
export function verifiedToken(cookie: string, secrets: readonly string[]): string | null {
  const parts = cookieParts(cookie);
  return parts && signer(secrets, parts.token, parts.signature) ? parts.token : null;
}

/** A Cookie header whose cookie `name`, when a previous secret signed it, is signed with the current. */
export function withCurrentCookieSignature(
  header: string,
  name: string,
  secrets: readonly string[],
): string {
  const [current] = secrets;
  const prefix = `${name}=`;
  return header
    .split(';')
    .map((pair) => {
      const trimmed = pair.trim();
      if (!current || !trimmed.startsWith(prefix)) return pair;
      let parts;
      try {
        parts = cookieParts(decodeURIComponent(trimmed.slice(prefix.length)));
      } catch {
        return pair;
      }
      const secret = parts && signer(secrets, parts.token, parts.signature);
      if (!parts || !secret || secret === current) return pair;
      const signature = hmac(current, parts.token).toString('base64');
      return ` ${prefix}${encodeURIComponent(`${parts.token}.${signature}`)}`;
    })
    .join(';')
    .trim();
}

/**
 * An HS256 JWT (better-auth's e-mail confirmation links) signed with the current secret when a
 * previous one signed it; anything else unchanged, for better-auth to accept or refuse.
 */
export function withCurrentTokenSignature(jwt: string, secrets: readonly string[]): string {
  const [current] = secrets;
  const [header, payload, signature, ...rest] = jwt.split('.');
  if (!current || !header || !payload || !signature || rest.length > 0) return jwt;
  const data = `${header}.${payload}`;
  const secret = signer(secrets, data, Buffer.from(signature, 'base64url'));
  if (!secret || secret === current) return jwt;
  return `${data}.${hmac(current, data).toString('base64url')}`;
}
