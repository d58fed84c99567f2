import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time codes for administrators (ADR 028): RFC 6238 as every authenticator app
 * reads it (SHA-1, 6 digits, 30 seconds), with one step of clock drift either way.
 */
const ISSUER = 'Playbook Admin';
const DIGITS = 6;
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;

const totpFor = (secret: string, username: string) =>
  new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A fresh 160-bit secret (base32) and what an authenticator app scans to add it. */
export async function newEnrolment(username: string) {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totpFor(secret, username).toString();
  // Loaded when an administrator sets up two-factor sign-in, not at every start-up.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * The time step a code belongs to, if it is right for the secret within the drift window, and
 * newer than the last step accepted (a code, once used, is refused: no replay).
 */
export function acceptedStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | null {
  const delta = totpFor(secret, 'check').validate({
    token: code,
    timestamp: now,
    window: DRIFT_STEPS,
  });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

// ---------------------------------------------------------------- secrets at rest

const VERSION = 'v1';

/** A key only for these secrets, so APP_SECRET's other uses never share it. */
const keyFrom = (appSecret: string) =>
  Buffer.from(hkdfSync('sha256', appSecret, 'playbook', 'admin-totp-secret', 32));

/** AES-256-GCM: a stolen database copy does not hand over the second factor. */
export function sealSecret(appSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(appSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/**
 * Opened with whichever accepted secret sealed it (current first, ADR 047); `stale` when it was a
 * previous one, so the caller seals it again with the current.
 */
export function openSecret(
  appSecrets: readonly string[],
  stored: string,
): { secret: string; stale: boolean } {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== VERSION || !iv || !tag || !sealed) throw new Error('unknown TOTP secret format');
  for (const [index, appSecret] of appSecrets.entries()) {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFrom(appSecret),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      const secret = Buffer.concat([
        decipher.update(Buffer.from(sealed, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      return { secret, stale: index > 0 };
    } catch {
      // GCM's tag refuses any other key: the next accepted secret may be the one that sealed it.
    }
  }
  throw new Error('TOTP secret sealed with a secret no longer accepted');
}
