import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { COACH_SHARE_PERCENT } from '../../../contracts/money';
import type { Executor } from '../../db/client';
import {
  abuseReports,
  adminAccounts,
  adminAuditLog,
  adminSessions,
  experts,
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

/**
 * Failed logins for the username in the window since its last success (served by
 * admin_audit_log_username_idx), from one source address or from anywhere.
 */
export async function recentLoginFailures(
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

/** The admin behind a token hash, if the session is unexpired and not revoked. */
export async function adminForTokenHash(db: Executor, tokenHash: string) {
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
        eq(adminSessions.tokenHash, tokenHash),
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

/** For the reset command: an administrator who lost the device signs in with the password again. */
export async function clearTwoFactor(db: Executor, adminId: string) {
  await db
    .update(adminAccounts)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(adminAccounts.id, adminId));
}

/** Open reports on the question are answered by an action taken on it. */
export async function closeReports(tx: Executor, questionId: string, now: Date) {
  await tx
    .update(abuseReports)
    .set({ status: 'actioned', resolvedAt: now })
    .where(and(eq(abuseReports.reportedQuestionId, questionId), eq(abuseReports.status, 'open')));
}

/** Dismisses the report if it is still open; false when it is closed or does not exist. */
export async function dismissOpenReport(tx: Executor, reportId: string) {
  const [closed] = await tx
    .update(abuseReports)
    .set({ status: 'dismissed', resolvedAt: new Date() })
    .where(and(eq(abuseReports.id, reportId), eq(abuseReports.status, 'open')))
    .returning({ id: abuseReports.id });
  return closed !== undefined;
}

export async function reportExists(tx: Executor, reportId: string) {
  const [exists] = await tx
    .select({ id: abuseReports.id })
    .from(abuseReports)
    .where(eq(abuseReports.id, reportId));
  return exists !== undefined;
}

/** The dashboard's figures, read in parallel. */
export async function dashboardStats(db: Executor) {
  const [[userCount], [expertCount], [questionCounts], [paid], [pendingPayouts]] =
    await Promise.all([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(experts),
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
          // The platform keeps each fee minus its payout, rounded the payout's way.
          cents: sql<number>`coalesce(sum(${questions.amount} - (${questions.amount} * ${COACH_SHARE_PERCENT}) / 100), 0)::bigint`,
        })
        .from(questions)
        .where(eq(questions.paymentStatus, 'paid')),
      db
        .select({ n: count() })
        .from(payouts)
        // Owed to Coaches: waiting out the hold window, held, or being sent right now.
        .where(inArray(payouts.status, ['pending', 'held', 'transferring'])),
    ]);
  const totalUsers = userCount?.n ?? 0;
  const totalExperts = expertCount?.n ?? 0;
  return {
    totalUsers,
    totalExperts,
    // As the Users tab labels them: everyone without a Coach profile is a Player.
    totalAskers: totalUsers - totalExperts,
    totalQuestions: questionCounts?.total ?? 0,
    answeredQuestions: questionCounts?.answered ?? 0,
    pendingQuestions: questionCounts?.pending ?? 0,
    totalPayments: paid?.n ?? 0,
    totalEarnings: Number(paid?.cents ?? 0),
    pendingPayouts: pendingPayouts?.n ?? 0,
  };
}
