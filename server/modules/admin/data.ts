import { and, count, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { COACH_SHARE_PERCENT } from '../../../contracts/money';
import type { Executor } from '../../db/client';
import {
  adminAccounts,
  adminAttemptLimits,
  adminAuditLog,
  adminSessions,
  coaches,
  payouts,
  questions,
  users,
} from '../../db/schema';

export type AdminRow = typeof adminAccounts.$inferSelect;

/** A row of `admin_audit_log`: who did what, whether it took, and from where. */
export interface AuditEntry {
  username: string;
  action: string;
  success: boolean;
  adminId?: string | null;
  details?: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
}

export async function insertAdmin(db: Executor, username: string, passwordHash: string) {
  const [row] = await db
    .insert(adminAccounts)
    .values({ username, passwordHash })
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

export async function adminById(db: Executor, adminId: string): Promise<AdminRow | null> {
  const [row] = await db.select().from(adminAccounts).where(eq(adminAccounts.id, adminId));
  return row ?? null;
}

export async function audit(db: Executor, entry: AuditEntry) {
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

/** One counter of `admin_attempt_limits` (ADR 038). */
export interface AttemptKey {
  kind: 'login-address' | 'login-username' | 'totp';
  subject: string;
  address?: string;
}

/** `limit` failures within `windowMs` lock the counter for `lockMs` from the last of them. */
export interface AttemptPolicy {
  limit: number;
  windowMs: number;
  lockMs: number;
}

const limits = adminAttemptLimits;
const keyOf = (key: AttemptKey) =>
  and(
    eq(limits.kind, key.kind),
    eq(limits.subject, key.subject),
    eq(limits.address, key.address ?? ''),
  );
const fresh = (key: AttemptKey) => ({
  kind: key.kind,
  subject: key.subject,
  address: key.address ?? '',
  failures: 1,
  windowStartedAt: sql`now()`,
});
const millis = (ms: number) => sql`(${ms}::int * interval '1 millisecond')`;
/** The counter starts over: its lock has passed, or (unlocked) its window has. */
const expired = (policy: AttemptPolicy) =>
  sql`coalesce(${limits.lockedUntil}, ${limits.windowStartedAt} + ${millis(policy.windowMs)}) <= now()`;

/**
 * Takes one attempt against the counter before the password or code is checked, so concurrent
 * requests cannot run more checks than the limit allows: false (nothing counted) while it is
 * locked or the limit is taken up by failures and attempts under way. The attempt then ends with
 * `lockIfReached` (it failed), `releaseAttempt` (it was not a check) or `clearAttempts` (success).
 */
export async function claimAttempt(db: Executor, key: AttemptKey, policy: AttemptPolicy) {
  const claimed = await db
    .insert(limits)
    .values(fresh(key))
    .onConflictDoUpdate({
      target: [limits.kind, limits.subject, limits.address],
      set: {
        failures: sql`case when ${expired(policy)} then 1 else ${limits.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired(policy)} then now() else ${limits.windowStartedAt} end`,
        lockedUntil: sql`case when ${expired(policy)} then null else ${limits.lockedUntil} end`,
      },
      setWhere: sql`${expired(policy)} or (${limits.lockedUntil} is null and ${limits.failures} < ${policy.limit})`,
    })
    .returning({ failures: limits.failures });
  return claimed.length === 1;
}

/** A claimed attempt failed: the counter locks once its failures reach the limit; true if locked. */
export async function lockIfReached(db: Executor, key: AttemptKey, policy: AttemptPolicy) {
  const locked = await db
    .update(limits)
    .set({ lockedUntil: sql`now() + ${millis(policy.lockMs)}` })
    .where(and(keyOf(key), isNull(limits.lockedUntil), gte(limits.failures, policy.limit)))
    .returning({ failures: limits.failures });
  if (locked.length === 1) return true;
  return isLimited(db, key);
}

/** A claimed attempt that checked nothing (the code was asked for) is not a failure. */
export async function releaseAttempt(db: Executor, key: AttemptKey) {
  await db
    .update(limits)
    .set({ failures: sql`greatest(${limits.failures} - 1, 0)` })
    .where(keyOf(key));
}

/** Success: the counter starts over. */
export async function clearAttempts(db: Executor, key: AttemptKey) {
  await db.delete(limits).where(keyOf(key));
}

/**
 * Counts a failure without claiming first (the counter only slows down, never refuses); reaching
 * the limit (more than one), and every failure after it, limits the counter for `lockMs` from now.
 */
export async function countFailure(db: Executor, key: AttemptKey, policy: AttemptPolicy) {
  const failures = sql`case when ${expired(policy)} then 1 else ${limits.failures} + 1 end`;
  await db
    .insert(limits)
    .values(fresh(key))
    .onConflictDoUpdate({
      target: [limits.kind, limits.subject, limits.address],
      set: {
        failures,
        windowStartedAt: sql`case when ${expired(policy)} then now() else ${limits.windowStartedAt} end`,
        lockedUntil: sql`case when ${failures} >= ${policy.limit} then now() + ${millis(policy.lockMs)}
          when ${expired(policy)} then null else ${limits.lockedUntil} end`,
      },
    });
}

/** Whether the counter is locked (or slowed down) right now. */
export async function isLimited(db: Executor, key: AttemptKey) {
  const [row] = await db
    .select({ limited: sql<boolean>`${limits.lockedUntil} > now()` })
    .from(limits)
    .where(keyOf(key));
  return row?.limited === true;
}

/** A new session and the successful login's audit row, in one transaction. */
export async function openSession(
  db: Executor,
  session: { adminId: string; tokenHash: string; expiresAt: Date },
  entry: AuditEntry,
) {
  await db.transaction(async (tx) => {
    await tx.insert(adminSessions).values(session);
    await audit(tx, entry);
  });
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db
    .update(adminSessions)
    .set({ revokedAt: new Date() })
    .where(eq(adminSessions.id, sessionId));
}

/**
 * Records the accepted TOTP time step in the same statement that checks it is newer than the last
 * one, so two requests cannot both use one code; false when another request got there first.
 */
export async function claimTotpStep(db: Executor, adminId: string, step: number) {
  const claimed = await db
    .update(adminAccounts)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(adminAccounts.id, adminId),
        or(isNull(adminAccounts.totpLastStep), lt(adminAccounts.totpLastStep, step)),
      ),
    )
    .returning({ id: adminAccounts.id });
  return claimed.length === 1;
}

/** Makes the (sealed) pending secret the active one. */
export async function activateTotpSecret(db: Executor, adminId: string, sealed: string) {
  await db
    .update(adminAccounts)
    .set({ totpSecret: sealed, totpPendingSecret: null, totpEnabledAt: new Date() })
    .where(eq(adminAccounts.id, adminId));
}

/** Keeps a sealed secret pending until a code from it is entered. */
export async function setPendingTotpSecret(db: Executor, adminId: string, sealed: string) {
  await db
    .update(adminAccounts)
    .set({ totpPendingSecret: sealed })
    .where(eq(adminAccounts.id, adminId));
}

/**
 * Replaces a TOTP secret sealed with a previous APP_SECRET by the same secret sealed with the
 * current one (ADR 047); only while it is still the value read, so a change meanwhile wins.
 */
export async function resealTotpSecret(
  db: Executor,
  adminId: string,
  which: 'active' | 'pending',
  from: string,
  to: string,
) {
  const column = which === 'active' ? adminAccounts.totpSecret : adminAccounts.totpPendingSecret;
  await db
    .update(adminAccounts)
    .set(which === 'active' ? { totpSecret: to } : { totpPendingSecret: to })
    .where(and(eq(adminAccounts.id, adminId), eq(column, from)));
}

/** For the reset command: an administrator who lost the device signs in with the password again. */
export async function clearTwoFactor(db: Executor, adminId: string) {
  await db
    .update(adminAccounts)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(adminAccounts.id, adminId));
}

/** What the platform's fee is taken from: the whole payment, or what a partial refund left of it. */
const kept = sql`(${questions.amount} - case when ${questions.partialRefundedAt} is not null then ${questions.partialRefundAmount} else 0 end)`;

/** The dashboard's figures, read in parallel. */
export async function dashboardStats(db: Executor) {
  const [[userCount], [coachCount], [questionCounts], [paid], [pendingPayouts]] = await Promise.all(
    [
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(coaches),
      db
        .select({
          total: count(),
          answered: sql<number>`count(*) filter (where ${questions.status} = 'answered')::int`,
          pending: sql<number>`count(*) filter (where ${questions.status} = 'pending')::int`,
        })
        .from(questions),
      db
        .select({
          n: count(),
          // The platform keeps each fee minus its payout, rounded the payout's way; of a fee a
          // dispute partly refunded, the part kept (partialRefundSplit).
          cents: sql<number>`coalesce(sum(${kept} - (${kept} * ${COACH_SHARE_PERCENT}) / 100), 0)::bigint`,
        })
        .from(questions)
        .where(eq(questions.paymentStatus, 'paid')),
      db
        .select({ n: count() })
        .from(payouts)
        // Owed to Coaches: waiting out the hold window, held, or being sent right now.
        .where(inArray(payouts.status, ['pending', 'held', 'transferring'])),
    ],
  );
  const totalUsers = userCount?.n ?? 0;
  const totalCoaches = coachCount?.n ?? 0;
  return {
    totalUsers,
    totalCoaches,
    // As the Users tab labels them: everyone without a Coach profile is a Player.
    totalPlayers: totalUsers - totalCoaches,
    totalQuestions: questionCounts?.total ?? 0,
    answeredQuestions: questionCounts?.answered ?? 0,
    pendingQuestions: questionCounts?.pending ?? 0,
    totalPayments: paid?.n ?? 0,
    totalEarnings: Number(paid?.cents ?? 0),
    pendingPayouts: pendingPayouts?.n ?? 0,
  };
}
