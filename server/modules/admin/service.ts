import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  ADMIN_GLOBAL_FAILURES_PER_MINUTE,
  ADMIN_MAX_FAILED_ATTEMPTS,
  ADMIN_MESSAGES,
} from '../../../contracts/admin';
import type { ServiceDeps } from '../../context';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import {
  adminForTokenHash,
  audit,
  findAdmin,
  insertAdmin,
  openSession,
  recentLoginFailures,
  revokeSession,
} from './data';
import { acceptCode, disable, enable, startEnrolment } from './two-factor';

export { audit, findAdmin } from './data';

export interface AttemptContext {
  ip: string | null;
  userAgent: string | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
// Verified against when the username does not exist, so both paths take the same time.
const DUMMY_HASH = hash('not-a-real-password-for-timing');

export async function createAdmin(db: Executor, username: string, password: string) {
  return insertAdmin(db, username, await hash(password));
}

/**
 * Every attempt is audited. Five failures lock the username for the address they came from, even
 * for the right password, so someone guessing cannot lock the real administrator out from
 * elsewhere (issue 13); across all addresses a slower throttle (ADMIN_GLOBAL_FAILURES_PER_MINUTE)
 * makes a distributed guess wait a minute.
 */
export async function login(
  { db, config }: Pick<ServiceDeps, 'db' | 'config'>,
  input: { username: string; password: string; code?: string },
  context: AttemptContext,
) {
  const refuse = async (reason: string, status: number, message: string) => {
    await audit(db, {
      ...context,
      username: input.username,
      action: 'login',
      success: false,
      details: { reason },
    });
    return new AppError(status, message);
  };
  const failures = await recentLoginFailures(db, input.username, config.ADMIN_LOCKOUT_MINUTES, {
    ip: context.ip,
  });
  if (failures >= ADMIN_MAX_FAILED_ATTEMPTS)
    throw await refuse('locked', 423, ADMIN_MESSAGES.locked);
  const everywhere = await recentLoginFailures(db, input.username, 1, 'anywhere');
  if (everywhere >= ADMIN_GLOBAL_FAILURES_PER_MINUTE) {
    throw await refuse('throttled', 429, ADMIN_MESSAGES.throttled);
  }
  const admin = await findAdmin(db, input.username);
  const valid = admin
    ? await verify(admin.passwordHash, input.password)
    : (await verify(await DUMMY_HASH, input.password), false);
  const fail = async (reason: string, message: string, fields?: Record<string, string>) => {
    await audit(db, {
      ...context,
      username: input.username,
      action: 'login',
      success: false,
      adminId: admin?.id,
      details: { reason },
    });
    const locking = failures + 1 >= ADMIN_MAX_FAILED_ATTEMPTS;
    return new AppError(
      401,
      locking ? ADMIN_MESSAGES.locked : message,
      locking ? undefined : fields,
    );
  };
  if (!admin || !valid) throw await fail('invalid credentials', ADMIN_MESSAGES.invalidCredentials);
  // The second factor is asked only after the right password, so a wrong one never says whether
  // it is on; a wrong or reused code counts towards the lockout like a wrong password.
  if (admin.totpSecret) {
    if (!input.code) {
      // Audited under its own action, so it never counts towards the lockout; the log still shows
      // someone holding the right password without the device.
      await audit(db, {
        ...context,
        username: admin.username,
        action: 'login-code-asked',
        success: false,
        adminId: admin.id,
      });
      throw new AppError(401, ADMIN_MESSAGES.totpRequired, { code: ADMIN_MESSAGES.totpRequired });
    }
    if (!(await acceptCode(db, config, admin, input.code))) {
      throw await fail('invalid code', ADMIN_MESSAGES.totpWrong, {
        code: ADMIN_MESSAGES.totpWrong,
      });
    }
  }
  const token = randomBytes(32).toString('base64url');
  await openSession(
    db,
    {
      adminId: admin.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + config.ADMIN_SESSION_HOURS * 3_600_000),
    },
    { ...context, username: admin.username, action: 'login', success: true, adminId: admin.id },
  );
  return { success: true, message: 'Login successful', token };
}

/** The admin behind a bearer token, if the token is known, unexpired and not revoked. */
export async function adminForToken(db: Executor, token: string) {
  return adminForTokenHash(db, hashToken(token));
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
    await audit(db, { ...admin, action, success: false });
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
