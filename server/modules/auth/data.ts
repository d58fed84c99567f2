import { and, desc, eq, gt, inArray, isNotNull, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Changes } from '../../db/unit-of-work';
import {
  accounts,
  adminAccounts,
  adminSessions,
  sessions,
  users,
  verifications,
} from '../../db/schema';

/** A confirmed account made without a sign-up (the demo seed's Coaches); nothing if it exists. */
export async function insertConfirmedUser(
  tx: Executor,
  user: { id: string; name: string; email: string; createdAt: Date },
) {
  await tx
    .insert(users)
    .values({ ...user, emailVerified: true })
    .onConflictDoNothing();
}

export async function userExists(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row !== undefined;
}

/**
 * Removes a sign-up of `email` that was never confirmed (ADR 036), so the sign-up about to run
 * creates the account afresh: a new user id (which every confirmation link of the old one names, so
 * better-auth refuses them), and with the row go, by cascade, its password, sessions and roles; its
 * reset links are removed here. A confirmed account, or a deleted one's anonymised row, is never
 * touched. Returns whether there was one.
 */
export async function discardUnconfirmedSignUp(db: Database, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(users)
      .where(
        and(
          eq(users.email, email.toLowerCase()),
          eq(users.emailVerified, false),
          isNull(users.deletedAt),
          // Not a sign-up still being made: better-auth writes the user, then its password, each on
          // its own, and removing the user between the two failed that sign-up with a 500. One
          // whose password never came (a process that died there) is taken over after a minute.
          or(
            sql`exists (select 1 from ${accounts} where ${accounts.userId} = ${users.id})`,
            lt(users.createdAt, sql`now() - interval '1 minute'`),
          ),
        ),
      )
      .returning({ id: users.id });
    if (removed.length === 0) return false;
    // better-auth keeps a reset link as `reset-password:<token>` holding the user id.
    await tx.delete(verifications).where(
      and(
        like(verifications.identifier, 'reset-password:%'),
        inArray(
          verifications.value,
          removed.map((row) => row.id),
        ),
      ),
    );
    return true;
  });
}

/**
 * A deleted account's sign-in: the user row keeps only the anonymous name and address, and its
 * passwords, sessions and reset links go (account deletion, in its transaction).
 */
export async function anonymiseSignIn(
  tx: Executor,
  changes: Changes,
  userId: string,
  anonymous: { name: string; email: string },
  now: Date,
) {
  const { name, email } = anonymous;
  await tx
    .update(users)
    .set({ name, email, emailVerified: false, image: null, deletedAt: now })
    .where(eq(users.id, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  changes.raise('sessions.ended', { userId });
  // Reset-password tokens name the user in their value; confirmation links are signed tokens
  // that find no account once the e-mail address is gone.
  await tx.delete(verifications).where(eq(verifications.value, userId));
}

/** The person's live sessions, newest activity first (Account Settings lists them, issue 25). */
export function liveSessionsOf(db: Executor, userId: string) {
  return db
    .select({
      id: sessions.id,
      token: sessions.token,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
}

/**
 * How often a session's "Last active" moves (issue 36): better-auth writes its row only when it
 * extends it, once a day, so our reads record use themselves, at most once per this many minutes,
 * so a session in use costs one small write per step, not one per request.
 */
export const SESSION_ACTIVITY_STEP_MINUTES = 5;

/** Records that the session `token` was used now, unless it was within the step already. */
export async function touchSession(db: Executor, token: string) {
  await db
    .update(sessions)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(sessions.token, token),
        lt(
          sessions.updatedAt,
          sql`now() - make_interval(mins => ${SESSION_ACTIVITY_STEP_MINUTES})`,
        ),
      ),
    );
}

/** Whether the account is suspended (ADR 061): sign-in asks before it creates a session. */
export async function isSuspended(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)));
  return row !== undefined;
}

/**
 * Suspends the account's sign-in with the administrator's reason, or restores it with null
 * (ADR 061): sign-in refuses a suspended account.
 */
export async function setSignInSuspended(
  tx: Executor,
  userId: string,
  suspension: { at: Date; reason: string } | null,
) {
  await tx
    .update(users)
    .set({ suspendedAt: suspension?.at ?? null, suspendedReason: suspension?.reason ?? null })
    .where(eq(users.id, userId));
}

/**
 * Ends every session of the person: a suspended account is signed out everywhere at once, its
 * open event streams too (issue 36).
 */
export async function endSessionsOf(tx: Executor, changes: Changes, userId: string) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  changes.raise('sessions.ended', { userId });
}

/**
 * The administrator behind a bearer token's hash, if its session is unexpired and not revoked.
 * The admin module opens and revokes these sessions; this reads them for the guard.
 */
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
