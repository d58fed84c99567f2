import { and, eq, ne } from 'drizzle-orm';
import type { Role } from '../../../../contracts/account';
import type { Executor } from '../../../db/client';
import { userProfileCompletion, userRoles } from '../../../db/schema';

/**
 * A user's role rows (user_roles: one per role held, with that role's profile). Profiles owns the
 * table: the rows are added and switched here for the account module, and their profile columns are
 * saved beside them in ../data.ts.
 */

/**
 * Adds the role if missing. Signing up accepted the terms and the privacy policy, so a new role row
 * records both.
 */
export async function insertRole(db: Executor, userId: string, role: Role, name: string) {
  const now = new Date();
  await db
    .insert(userRoles)
    .values({ userId, role, name, acceptedTermsAt: now, acceptedPrivacyAt: now })
    .onConflictDoNothing({ target: [userRoles.userId, userRoles.role] });
}

/**
 * Makes `role` the only active row; false when the user does not hold it. Two statements, because
 * the one-active-role unique index is checked row by row.
 */
export async function setActiveRole(db: Executor, userId: string, role: Role): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
      .for('update');
    if (!held) return false;
    const now = new Date();
    await tx
      .update(userRoles)
      .set({ activeRole: false, updatedAt: now })
      .where(and(eq(userRoles.userId, userId), ne(userRoles.role, role)));
    await tx
      .update(userRoles)
      .set({ activeRole: true, updatedAt: now })
      .where(eq(userRoles.id, held.id));
    return true;
  });
}

/** Onboarding's choice in one transaction: the role is added if missing and made the active one. */
export async function holdActiveRole(db: Executor, userId: string, role: Role, name: string) {
  await db.transaction(async (tx) => {
    await insertRole(tx, userId, role, name);
    await setActiveRole(tx, userId, role);
  });
}

/**
 * A role made active with its profile marked complete, without onboarding (the demo seed's
 * Coaches); nothing where the user has the role already.
 */
export async function insertCompletedRole(
  tx: Executor,
  row: { userId: string; role: Role; name: string; createdAt: Date },
) {
  await tx
    .insert(userRoles)
    .values({ ...row, activeRole: true })
    .onConflictDoNothing();
  await tx
    .insert(userProfileCompletion)
    .values({
      userId: row.userId,
      ...(row.role === 'asker' ? { playerProfileCompleted: true } : { coachProfileCompleted: true }),
    })
    .onConflictDoNothing();
}

/** Asking records the three consents (spec §5 'Legal consent') on the Player's role row. */
export async function recordAskConsents(db: Executor, userId: string, now: Date) {
  await db
    .update(userRoles)
    .set({
      acceptedTermsAt: now,
      acceptedPrivacyAt: now,
      acceptedRevenueSplitAt: now,
      updatedAt: now,
    })
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'asker')));
}

/** A deleted account's roles go, and their profile completion with them. */
export async function forgetRoles(tx: Executor, userId: string) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.delete(userProfileCompletion).where(eq(userProfileCompletion.userId, userId));
}
