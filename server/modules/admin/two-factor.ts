import { ADMIN_MESSAGES } from '../../../contracts/admin';
import { verifyingSecrets, type Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { AppError, badRequest } from '../../errors';
import { codeChecksOf, lockPolicy } from './attempt-limits';
import {
  activateTotpSecret,
  adminById,
  claimAttempt,
  claimTotpStep,
  clearAttempts,
  clearTwoFactor,
  lockIfReached,
  resealTotpSecret,
  setPendingTotpSecret,
  type AdminRow,
} from './data';
import { acceptedStep, newEnrolment, openSecret, sealSecret } from './totp';

export { clearTwoFactor } from './data';

/**
 * Accepts a code for the administrator's secret (or the one being set up) and records its time
 * step in the same statement that checks it is newer, so two requests cannot both use one code.
 */
export async function acceptCode(
  db: Executor,
  config: Config,
  admin: AdminRow,
  code: string,
  which: 'active' | 'pending' = 'active',
): Promise<boolean> {
  const sealed = which === 'active' ? admin.totpSecret : admin.totpPendingSecret;
  if (!sealed) return false;
  const opened = openSecret(verifyingSecrets(config), sealed);
  const step = acceptedStep(opened.secret, code, admin.totpLastStep);
  if (step === null || !(await claimTotpStep(db, admin.id, step))) return false;
  // Sealed again with the current secret once used, so the previous one can be dropped (ADR 047).
  if (opened.stale) {
    const resealed = sealSecret(config.APP_SECRET, opened.secret);
    await resealTotpSecret(db, admin.id, which, sealed, resealed);
  }
  return true;
}

/**
 * Checks a code of a signed-in administrator, limited like sign-in (ADR 038): five wrong codes
 * lock every such check for ADMIN_LOCKOUT_MINUTES (429, even for the right code). A stolen session
 * alone therefore cannot guess its way to turning two-factor sign-in off.
 */
async function checkSignedInCode(
  db: Database,
  config: Config,
  admin: AdminRow,
  code: string,
  which: 'active' | 'pending',
) {
  const key = codeChecksOf(admin.id);
  const policy = lockPolicy(config);
  if (!(await claimAttempt(db, key, policy))) throw new AppError(429, ADMIN_MESSAGES.totpLocked);
  if (await acceptCode(db, config, admin, code, which)) return clearAttempts(db, key);
  if (await lockIfReached(db, key, policy)) throw new AppError(429, ADMIN_MESSAGES.totpLocked);
  throw badRequest(ADMIN_MESSAGES.totpWrong, { code: ADMIN_MESSAGES.totpWrong });
}

async function requireAdmin(db: Executor, adminId: string): Promise<AdminRow> {
  const row = await adminById(db, adminId);
  if (!row) throw new AppError(404, 'Administrator not found.');
  return row;
}

/** Starts the set-up: a new secret, kept pending until a code from it is entered. */
export async function startEnrolment(db: Database, config: Config, adminId: string) {
  const admin = await requireAdmin(db, adminId);
  if (admin.totpSecret) throw new AppError(409, ADMIN_MESSAGES.totpAlreadyOn);
  const enrolment = await newEnrolment(admin.username);
  await setPendingTotpSecret(db, adminId, sealSecret(config.APP_SECRET, enrolment.secret));
  return enrolment;
}

/** Turns two-factor sign-in on with a code from the pending secret. */
export async function enable(db: Database, config: Config, adminId: string, code: string) {
  const admin = await requireAdmin(db, adminId);
  if (admin.totpSecret) throw new AppError(409, ADMIN_MESSAGES.totpAlreadyOn);
  if (!admin.totpPendingSecret) throw new AppError(409, ADMIN_MESSAGES.totpNotStarted);
  await checkSignedInCode(db, config, admin, code, 'pending');
  await activateTotpSecret(db, adminId, admin.totpPendingSecret);
}

/** Turns it off; a current code is asked, so a stolen session alone cannot. */
export async function disable(db: Database, config: Config, adminId: string, code: string) {
  const admin = await requireAdmin(db, adminId);
  // Said plainly, rather than as a wrong code, when another tab already turned it off.
  if (!admin.totpSecret) throw new AppError(409, ADMIN_MESSAGES.totpNotOn);
  await checkSignedInCode(db, config, admin, code, 'active');
  await clearTwoFactor(db, adminId);
}
