import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { SETTINGS_MESSAGES, type Role } from '../../../contracts/account';
import { OUTSTANDING_PAYOUT_STATUSES } from '../../../contracts/payments';
import type { Executor } from '../../db/client';
import {
  accounts,
  coaches,
  payouts,
  questions,
  sessions,
  userProfileCompletion,
  userRoles,
  users,
  verifications,
} from '../../db/schema';
import type { MailPerson } from '../mail';

export async function roleRows(db: Executor, userId: string) {
  return db
    .select({ role: userRoles.role, activeRole: userRoles.activeRole })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
}

export async function coachIdOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, userId));
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

/** Onboarding's choice in one transaction: the role is added if missing and made the active one. */
export async function holdActiveRole(db: Executor, userId: string, role: Role, name: string) {
  await db.transaction(async (tx) => {
    await insertRole(tx, userId, role, name);
    await setActiveRole(tx, userId, role);
  });
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

/** The password hash of the user's e-mail-and-password credential, if they have one. */
export async function credentialHash(db: Executor, userId: string) {
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return credential?.hash ?? null;
}

/** The user's row, locked for the transaction. */
export async function lockUser(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

/**
 * A deleted account's own rows: the user is renamed, their sign-in, sessions, roles and tokens go,
 * and the questions they asked keep only the anonymous name.
 */
export async function anonymiseUser(
  tx: Executor,
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
  // Reset-password tokens name the user in their value; confirmation links are signed tokens
  // that find no account once the e-mail address is gone.
  await tx.delete(verifications).where(eq(verifications.value, userId));
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.delete(userProfileCompletion).where(eq(userProfileCompletion.userId, userId));
  await tx
    .update(questions)
    .set({ playerName: name, playerEmail: email })
    .where(eq(questions.playerId, userId));
}

/**
 * Every name and address the person went by (account, roles, Coach profile, the name and address
 * each question was asked under) and the ids of their questions, asked or answered: what deletion
 * scrubs from stored e-mails, read before the rows are anonymised.
 */
export async function identityOf(
  tx: Executor,
  userId: string,
  coachId: string | null,
): Promise<MailPerson> {
  const [user] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const roles = await tx
    .select({ name: userRoles.name })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  const coach = coachId
    ? await tx
        .select({ name: coaches.name, email: coaches.email })
        .from(coaches)
        .where(eq(coaches.id, coachId))
    : [];
  const mine = await tx
    .select({
      id: questions.id,
      playerId: questions.playerId,
      name: questions.playerName,
      email: questions.playerEmail,
    })
    .from(questions)
    .where(
      coachId
        ? or(eq(questions.playerId, userId), eq(questions.coachId, coachId))
        : eq(questions.playerId, userId),
    );
  const asked = mine.filter((q) => q.playerId === userId);
  const known = [...(user ? [user] : []), ...coach, ...asked];
  return {
    names: [...known.map((k) => k.name), ...roles.map((r) => r.name ?? '')],
    emails: known.map((k) => k.email),
    questionIds: mine.map((q) => q.id),
  };
}

/** Money that has not finished moving: a paid question awaiting its answer, or a refund under way. */
const AWAITING_ANSWER = and(
  eq(questions.status, 'pending'),
  inArray(questions.paymentStatus, ['paid', 'refunding']),
);

/**
 * Why the account cannot be deleted yet, or null. The questions and payouts stay for the other
 * party and the books either way; these are the cases where someone is still owed something.
 */
export async function deletionBlocker(db: Executor, userId: string): Promise<string | null> {
  const [asked] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.playerId, userId), AWAITING_ANSWER))
    .limit(1);
  if (asked) return SETTINGS_MESSAGES.deleteBlockedQuestionAsked;
  // A Coach's paid questions awaiting an answer do not block: they are refunded (ADR 037).
  const [coach] = await db
    .select({ id: coaches.id })
    .from(coaches)
    .where(eq(coaches.userId, userId));
  if (!coach) return null;
  const [owed] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.coachId, coach.id), inArray(payouts.status, OUTSTANDING_PAYOUT_STATUSES)))
    .limit(1);
  return owed ? SETTINGS_MESSAGES.deleteBlockedPayout : null;
}
