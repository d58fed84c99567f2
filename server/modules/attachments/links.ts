import { createHmac, timingSafeEqual } from 'node:crypto';
import { verifyingSecrets, type Config } from '../../config';

/** The three ways an attachment is fetched: as itself, as a download, or its thumbnail. */
export const LINK_VARIANTS = ['file', 'download', 'thumb'] as const;
export type LinkVariant = (typeof LINK_VARIANTS)[number];

type Secrets = Pick<Config, 'APP_SECRET' | 'APP_SECRET_PREVIOUS'>;

const mac = (secret: string, id: string, variant: LinkVariant, expires: number) =>
  createHmac('sha256', secret).update(`attachment:${id}:${variant}:${expires}`).digest();

/** The disk driver's signed link (ADR 059): the app serves it to whoever holds it, until it expires. */
export function signedPath(config: Secrets, id: string, variant: LinkVariant, expires: number) {
  const signature = mac(config.APP_SECRET, id, variant, expires).toString('base64url');
  return `/api/attachments/${id}/${variant}?e=${expires}&s=${signature}`;
}

/** True when the link was signed by a current or rotated-out secret and has not expired. */
export function validLink(
  config: Secrets,
  link: { id: string; variant: LinkVariant; expires: number; signature: string },
  now = Date.now(),
): boolean {
  if (link.expires * 1000 <= now) return false;
  const given = Buffer.from(link.signature, 'base64url');
  return verifyingSecrets(config).some((secret) => {
    const expected = mac(secret, link.id, link.variant, link.expires);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
