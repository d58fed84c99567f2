import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  ADMIN_GLOBAL_FAILURES_PER_MINUTE,
  ADMIN_MAX_FAILED_ATTEMPTS,
  ADMIN_MESSAGES,
} from '../../../contracts/admin';
import type { ServiceDeps } from '../../context';
import type { Executor } from '../../db/client';
import { adminAccounts, adminAuditLog, adminSessions } from '../../db/schema';
import { AppError } from '../../errors';
import { acceptCode, disable, enable, startEnrolment } from './two-factor';

export interface AttemptContext {
  ip: string | null;
  userAgent: string | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
// Verified against when the username does not exist, so both paths take the same time.
const DUMMY_HASH = hash('not-a-real-password-for-timing');

export async function createAdmin(db: Executor, username: string, password: string) {
  const [row] = await db
    .insert(adminAccounts)
    .values({ username, passwordHash: await hash(password) })
    .returning({ id: adminAccounts.id, username: adminAccounts.username });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findAdmin(db: Executor, username: string) {
  const [row] = await db
    .select()
    .from(adminAccounts)
    .where(sql`lower(${adminAccounts.username}) = lower(${username})`);
  return row ?? null;
}

export async function audit(
  db: Executor,
  entry: {
    username: string;
    action: string;
    success: boolean;
    adminId?: string | null;
    details?: Record<string, unknown>;
  } & AttemptContext,
) {
  await db.insert(adminAuditLog).values({
    username: entry.username,
    action: entry.action,
    success: entry.success,
    adminId: entry.adminId ?? null,
    ip: entry.ip,
    userAgent: entry.userAgent,
    details: entry.details ?? null,
  });
}

/**
 * Failed logins for the username in the window since its last success (served by
 * admin_audit_log_username_idx), from one source address or from anywhere.
 */
async function recentFailures(
  db: Executor,
  username: string,
  windowMinutes: number,
  source: { ip: string | null } | 'anywhere',
) {
  const since = new Date(Date.now() - windowMinutes * 60_000);
  const [lastSuccess] = await db
    .select({ at: adminAuditLog.at })
    .from(adminAuditLog)
    .where(
      and(
        sql`lower(${adminAuditLog.username}) = lower(${username})`,
        eq(adminAuditLog.action, 'login'),
        eq(adminAuditLog.success, true),
      ),
    )
    .orderBy(desc(adminAuditLog.at))
    .limit(1);
  const from = lastSuccess && lastSuccess.at > since ? lastSuccess.at : since;
  const [row] = await db
    .select({ failures: count() })
    .from(adminAuditLog)
    .where(
      and(
        sql`lower(${adminAuditLog.username}) = lower(${username})`,
        eq(adminAuditLog.action, 'login'),
        eq(adminAuditLog.success, false),
        gt(adminAuditLog.at, from),
        source === 'anywhere'
          ? undefined
          : source.ip === null
            ? isNull(adminAuditLog.ip)
            : eq(adminAuditLog.ip, source.ip),
      ),
    );
  return row?.failures ?? 0;
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
  const failures = await recentFailures(db, input.username, config.ADMIN_LOCKOUT_MINUTES, {
    ip: context.ip,
  });
  if (failures >= ADMIN_MAX_FAILED_ATTEMPTS)
    throw await refuse('locked', 423, ADMIN_MESSAGES.locked);
  const everywhere = await recentFailures(db, input.username, 1, 'anywhere');
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
  await db.transaction(async (tx) => {
    await tx.insert(adminSessions).values({
      adminId: admin.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + config.ADMIN_SESSION_HOURS * 3_600_000),
    });
    await audit(tx, {
      ...context,
      username: admin.username,
      action: 'login',
      success: true,
      adminId: admin.id,
    });
  });
  return { success: true, message: 'Login successful', token };
}

/** The admin behind a bearer token, if the token is known, unexpired and not revoked. */
export async function adminForToken(db: Executor, token: string) {
  const [row] = await db
    .select({
      sessionId: adminSessions.id,
      adminId: adminAccounts.id,
      username: adminAccounts.username,
      totpEnabled: sql<boolean>`${adminAccounts.totpSecret} IS NOT NULL`,
    })
    .from(adminSessions)
    .innerJoin(adminAccounts, eq(adminAccounts.id, adminSessions.adminId))
    .where(
      and(
        eq(adminSessions.tokenHash, hashToken(token)),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db
    .update(adminSessions)
    .set({ revokedAt: new Date() })
    .where(eq(adminSessions.id, sessionId));
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
