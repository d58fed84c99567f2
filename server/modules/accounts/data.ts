import { and, eq, ne } from 'drizzle-orm';
import type { Role } from '../../../contracts/account';
import type { Executor } from '../../db/client';
import { experts, userProfileCompletion, userRoles } from '../../db/schema';

export async function roleRows(db: Executor, userId: string) {
  return db
    .select({ role: userRoles.role, activeRole: userRoles.activeRole })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
}

export async function profileCompletion(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(userProfileCompletion)
    .where(eq(userProfileCompletion.userId, userId));
  return {
    asker: row?.askerProfileCompleted ?? false,
    expert: row?.expertProfileCompleted ?? false,
  };
}

export async function expertIdOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: experts.id }).from(experts).where(eq(experts.userId, userId));
  return row?.id ?? null;
}

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

export async function markProfileCompleted(db: Executor, userId: string, role: Role) {
  const set = role === 'asker' ? { askerProfileCompleted: true } : { expertProfileCompleted: true };
  await db
    .insert(userProfileCompletion)
    .values({ userId, ...set })
    .onConflictDoUpdate({
      target: userProfileCompletion.userId,
      set: { ...set, updatedAt: new Date() },
    });
}
