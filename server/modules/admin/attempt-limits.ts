import {
  ADMIN_GLOBAL_FAILURES_PER_MINUTE,
  ADMIN_MAX_FAILED_ATTEMPTS,
} from '../../../contracts/admin';
import type { Config } from '../../config';
import type { AttemptKey, AttemptPolicy } from './data';

/**
 * The counters behind the administrator lockout (ADR 038). Only a checked password or code that
 * was wrong counts; refusals of a locked attempt and the per-address rate limit's 429s never do.
 */
const MINUTE_MS = 60_000;

/** Five failures lock the counter for ADMIN_LOCKOUT_MINUTES (ADR 014, ADR 038). */
export const lockPolicy = (config: Pick<Config, 'ADMIN_LOCKOUT_MINUTES'>): AttemptPolicy => ({
  limit: ADMIN_MAX_FAILED_ATTEMPTS,
  windowMs: config.ADMIN_LOCKOUT_MINUTES * MINUTE_MS,
  lockMs: config.ADMIN_LOCKOUT_MINUTES * MINUTE_MS,
});

/** Many failures for one username from all addresses in a minute slow its sign-in for a minute. */
export const THROTTLE_POLICY: AttemptPolicy = {
  limit: ADMIN_GLOBAL_FAILURES_PER_MINUTE,
  windowMs: MINUTE_MS,
  lockMs: MINUTE_MS,
};

/** Sign-in failures of one username from one client address: locks. */
export const loginFrom = (username: string, ip: string | null): AttemptKey => ({
  kind: 'login-address',
  subject: username.toLowerCase(),
  address: ip ?? 'unknown',
});

/** Sign-in failures of one username from every address: slows down, never refuses. */
export const loginAnywhere = (username: string): AttemptKey => ({
  kind: 'login-username',
  subject: username.toLowerCase(),
});

/** Wrong codes of a signed-in administrator (turning two-factor on or off): locks. */
export const codeChecksOf = (adminId: string): AttemptKey => ({ kind: 'totp', subject: adminId });
