import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SETTINGS_MESSAGES } from '../../../contracts/account';
import { OUTSTANDING_PAYOUT_STATUSES } from '../../../contracts/payments';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import {
  accounts,
  expertSlugs,
  experts,
  payouts,
  questions,
  sessions,
  userProfileCompletion,
  userRoles,
  users,
  verifications,
} from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import type { SessionUser } from '../auth/session';
import { removePhotos } from '../profiles/photo';

/** What a deleted account is called wherever the other party still sees it. */
export const DELETED_NAME = 'Deleted user';
const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

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
    .where(and(eq(questions.askerId, userId), AWAITING_ANSWER))
    .limit(1);
  if (asked) return SETTINGS_MESSAGES.deleteBlockedQuestionAsked;
  const [expert] = await db
    .select({ id: experts.id })
    .from(experts)
    .where(eq(experts.userId, userId));
  if (!expert) return null;
  const [toAnswer] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.expertId, expert.id), AWAITING_ANSWER))
    .limit(1);
  if (toAnswer) return SETTINGS_MESSAGES.deleteBlockedQuestionToAnswer;
  const [owed] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(eq(payouts.expertId, expert.id), inArray(payouts.status, OUTSTANDING_PAYOUT_STATUSES)),
    )
    .limit(1);
  return owed ? SETTINGS_MESSAGES.deleteBlockedPayout : null;
}

async function passwordMatches(ctx: AppContext, userId: string, password: string) {
  const [credential] = await ctx.database.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  if (!credential?.hash) return false;
  const { password: hasher } = await ctx.auth.$context;
  return hasher.verify({ hash: credential.hash, password });
}

/**
 * Deletes an account: the person can no longer sign in and their personal data is gone, while
 * the rows other people and the books rely on (users, experts, questions, payouts) stay,
 * anonymised. One transaction, under a lock on the user, so a check cannot pass while a payment
 * for this person is being recorded.
 */
export async function deleteAccount(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  password: string,
) {
  if (!(await passwordMatches(ctx, user.id, password))) {
    throw badRequest(SETTINGS_MESSAGES.wrongPassword, {
      password: SETTINGS_MESSAGES.wrongPassword,
    });
  }
  const now = new Date();
  const coach = await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!row || row.deletedAt) throw notFound('Account not found.');
    const [expert] = await tx
      .select({ id: experts.id })
      .from(experts)
      .where(eq(experts.userId, user.id))
      .for('update');
    const blocker = await deletionBlocker(tx, user.id);
    if (blocker) throw new AppError(409, blocker);

    const email = deletedEmail(user.id);
    await tx
      .update(users)
      .set({ name: DELETED_NAME, email, emailVerified: false, image: null, deletedAt: now })
      .where(eq(users.id, user.id));
    await tx.delete(accounts).where(eq(accounts.userId, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    // Reset-password tokens name the user in their value; confirmation links are signed tokens
    // that find no account once the e-mail address is gone.
    await tx.delete(verifications).where(eq(verifications.value, user.id));
    await tx.delete(userRoles).where(eq(userRoles.userId, user.id));
    await tx.delete(userProfileCompletion).where(eq(userProfileCompletion.userId, user.id));
    await tx
      .update(questions)
      .set({ askerName: DELETED_NAME, askerEmail: email })
      .where(eq(questions.askerId, user.id));
    if (expert) {
      await tx
        .update(experts)
        .set({
          name: DELETED_NAME,
          email,
          bio: null,
          photoUrl: null,
          websiteUrl: null,
          linkedinUrl: null,
          twitterUrl: null,
          instagramUrl: null,
          slug: `deleted-${expert.id}`,
          deletedAt: now,
        })
        .where(eq(experts.id, expert.id));
      // Old links to the page stop resolving, and the name is no longer kept in them.
      await tx.delete(expertSlugs).where(eq(expertSlugs.expertId, expert.id));
    }
    return expert ?? null;
  });

  // Files and public lists after the commit: a failure here leaves nothing personal reachable, since
  // the rows no longer point at the photo.
  await removePhotos(ctx.storage, user.id).catch((error: unknown) =>
    log.warn({ err: error, userId: user.id }, 'deleted account: photo not removed'),
  );
  if (coach) await ctx.bus.publish('experts.changed', { userId: user.id });
}
