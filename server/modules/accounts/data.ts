import { and, eq, inArray, or } from 'drizzle-orm';
import { SETTINGS_MESSAGES } from '../../../contracts/account';
import { OUTSTANDING_PAYOUT_STATUSES } from '../../../contracts/payments';
import type { Executor } from '../../db/client';
import type { Changes } from '../../db/unit-of-work';
import { accounts, coaches, payouts, questions, userRoles, users } from '../../db/schema';
import { anonymiseSignIn } from '../auth/data';
import type { MailPerson } from '../mail';
import { forgetRoles } from '../profiles/data';
import { anonymisePlayer } from '../question-records/data';

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
  changes: Changes,
  userId: string,
  anonymous: { name: string; email: string },
  now: Date,
) {
  await anonymiseSignIn(tx, changes, userId, anonymous, now);
  await forgetRoles(tx, userId);
  await anonymisePlayer(tx, userId, anonymous);
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
