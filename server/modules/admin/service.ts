import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_MESSAGES, ADMIN_THROTTLED_LOGIN_DELAY_MS } from '../../../contracts/admin';
import type { ServiceDeps } from '../../context';
import type { Executor } from '../../db/client';
import type { StatementRange } from '../../../contracts/receipts';
import { AppError } from '../../errors';
import { hashAdminToken } from '../auth';
import { statementCsv } from '../payments';
import { lockPolicy, loginAnywhere, loginFrom, THROTTLE_POLICY } from './attempt-limits';
import {
  audit,
  claimAttempt,
  clearAttempts,
  countFailure,
  findAdmin,
  insertAdmin,
  isLimited,
  lockIfReached,
  openSession,
  releaseAttempt,
  revokeSession,
} from './data';
import { acceptCode, disable, enable, startEnrolment } from './two-factor';
import { refuseInsideTransaction } from '../../db/open-transaction';

export { audit, findAdmin } from './data';

export interface AttemptContext {
  ip: string | null;
  userAgent: string | null;
}

// Verified against when the username does not exist, so both paths take the same time.
const DUMMY_HASH = hash('not-a-real-password-for-timing');

export async function createAdmin(db: Executor, username: string, password: string) {
  refuseInsideTransaction('Hashing an administrator password');
  return insertAdmin(db, username, await hash(password));
}

/**
 * Every attempt is audited. Only a password or code that was checked and wrong counts (ADR 038):
 * five from one address lock the username for that address, even for the right password, so
 * someone guessing cannot lock the real administrator out from elsewhere; refusals of a locked
 * attempt count for nothing. Many failures across addresses never refuse anyone: while they last,
 * an administrator with two-factor sign-in gives the code with the password (and the answer does
 * not say which was wrong), and everyone else waits ADMIN_THROTTLED_LOGIN_DELAY_MS first.
 */
export async function login(
  { db, config }: Pick<ServiceDeps, 'db' | 'config'>,
  input: { username: string; password: string; code?: string },
  context: AttemptContext,
) {
  const here = loginFrom(input.username, context.ip);
  const everywhere = loginAnywhere(input.username);
  const policy = lockPolicy(config);
  const auditFailure = (reason: string, adminId?: string) =>
    audit(db, {
      ...context,
      username: input.username,
      action: 'login',
      success: false,
      adminId,
      details: { reason },
    });
  // Claimed before the password is checked, so concurrent guesses cannot outrun the count.
  if (!(await claimAttempt(db, here, policy))) {
    await auditFailure('locked');
    throw new AppError(423, ADMIN_MESSAGES.locked);
  }
  const slowed = await isLimited(db, everywhere);
  const admin = await findAdmin(db, input.username);
  const askCode = async (reason?: string) => {
    // Not a failure: audited under its own action, so the log still shows who was asked.
    await releaseAttempt(db, here);
    await audit(db, {
      ...context,
      username: admin?.username ?? input.username,
      action: 'login-code-asked',
      success: false,
      adminId: admin?.id,
      ...(reason ? { details: { reason } } : {}),
    });
    return new AppError(401, ADMIN_MESSAGES.totpRequired, { code: ADMIN_MESSAGES.totpRequired });
  };
  // Asked before the password is checked, so the answer says nothing about the password.
  if (slowed && admin?.totpSecret && !input.code) throw await askCode('slowed down');
  if (slowed && !admin?.totpSecret) await sleep(ADMIN_THROTTLED_LOGIN_DELAY_MS);
  refuseInsideTransaction('Checking an administrator password');
  const valid = admin
    ? await verify(admin.passwordHash, input.password)
    : (await verify(await DUMMY_HASH, input.password), false);
  const fail = async (reason: string, message: string, fields?: Record<string, string>) => {
    await auditFailure(reason, admin?.id);
    const locked = await lockIfReached(db, here, policy);
    await countFailure(db, everywhere, THROTTLE_POLICY);
    if (locked) return new AppError(401, ADMIN_MESSAGES.locked);
    return slowed && admin?.totpSecret
      ? new AppError(401, ADMIN_MESSAGES.passwordOrCodeWrong, {
          code: ADMIN_MESSAGES.passwordOrCodeWrong,
        })
      : new AppError(401, message, fields);
  };
  if (!admin || !valid) throw await fail('invalid credentials', ADMIN_MESSAGES.invalidCredentials);
  // The second factor is asked only after the right password, so a wrong one never says whether
  // it is on; a wrong or reused code counts towards the lockout like a wrong password.
  if (admin.totpSecret) {
    if (!input.code) throw await askCode();
    if (!(await acceptCode(db, config, admin, input.code))) {
      throw await fail('invalid code', ADMIN_MESSAGES.totpWrong, {
        code: ADMIN_MESSAGES.totpWrong,
      });
    }
  }
  await clearAttempts(db, here);
  const token = randomBytes(32).toString('base64url');
  await openSession(
    db,
    {
      adminId: admin.id,
      tokenHash: hashAdminToken(token),
      expiresAt: new Date(Date.now() + config.ADMIN_SESSION_HOURS * 3_600_000),
    },
    { ...context, username: admin.username, action: 'login', success: true, adminId: admin.id },
  );
  return { success: true, message: 'Login successful', token };
}

/** A login the per-address rate limit refused: audited like any attempt, counted nowhere. */
export async function auditRateLimitedLogin(
  db: Executor,
  username: string,
  context: AttemptContext,
) {
  await audit(db, {
    ...context,
    username,
    action: 'login',
    success: false,
    details: { reason: 'rate limited' },
  });
}

/** An administrator, as the audit log names them, with where the request came from. */
export interface Actor extends AttemptContext {
  adminId: string;
  username: string;
}

/** Two-factor set-up (ADR 028): a new secret to scan, audited. */
export async function setUpTwoFactor(
  { db, config }: Pick<ServiceDeps, 'db' | 'config'>,
  admin: Actor,
) {
  const enrolment = await startEnrolment(db, config, admin.adminId);
  await audit(db, { ...admin, action: 'totp-setup', success: true });
  return enrolment;
}

const REFUSAL_REASONS: Partial<Record<number, string>> = {
  400: 'invalid code',
  409: 'not applicable',
  429: 'locked',
};

/** Turns two-factor sign-in on or off with a current code; audited whether or not it takes. */
export async function changeTwoFactor(
  { db, config }: Pick<ServiceDeps, 'db' | 'config'>,
  admin: Actor,
  turn: 'on' | 'off',
  code: string,
) {
  const action = turn === 'on' ? 'totp-enable' : 'totp-disable';
  try {
    await (turn === 'on' ? enable : disable)(db, config, admin.adminId, code);
  } catch (error) {
    const reason = error instanceof AppError ? REFUSAL_REASONS[error.statusCode] : undefined;
    await audit(db, { ...admin, action, success: false, details: { reason: reason ?? 'error' } });
    throw error;
  }
  await audit(db, { ...admin, action, success: true });
}

/** Signs the administrator out: the token is revoked on the server, and the logout audited. */
export async function logout(
  { db }: Pick<ServiceDeps, 'db'>,
  admin: Actor & { sessionId: string },
) {
  await revokeSession(db, admin.sessionId);
  const { ip, userAgent, adminId, username } = admin;
  await audit(db, { ip, userAgent, adminId, username, action: 'logout', success: true });
}

/** The payments and payouts of a date range as CSV (ADR 056); the export is audited. */
export async function exportStatement(db: Executor, admin: Actor, range: StatementRange) {
  const csv = await statementCsv(db, range);
  await audit(db, {
    ...admin,
    action: 'statement-export',
    success: true,
    details: { from: range.from, to: range.to },
  });
  return csv;
}
