import { and, eq, inArray } from 'drizzle-orm';
import { SETTINGS_MESSAGES } from '../../../contracts/account';
import { OUTSTANDING_PAYOUT_STATUSES } from '../../../contracts/payments';
import type { ServiceDeps } from '../../context';
import type { Executor } from '../../db/client';
import { experts, payouts, questions } from '../../db/schema';
import { transaction } from '../../db/unit-of-work';
import { AppError, badRequest, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { forgetPersonInMail } from '../mail';
import { claimDeletedCoachRefunds, refundDeletedCoachQuestions } from '../payments';
import { anonymiseCoach, lockCoachOf, removePhotos } from '../profiles';
import { anonymiseUser, credentialHash, identityOf, lockUser } from './data';

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
  // A Coach's paid questions awaiting an answer do not block: they are refunded (ADR 037).
  const [expert] = await db
    .select({ id: experts.id })
    .from(experts)
    .where(eq(experts.userId, userId));
  if (!expert) return null;
  const [owed] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(eq(payouts.expertId, expert.id), inArray(payouts.status, OUTSTANDING_PAYOUT_STATUSES)),
    )
    .limit(1);
  return owed ? SETTINGS_MESSAGES.deleteBlockedPayout : null;
}

async function passwordMatches(deps: Deps, userId: string, password: string) {
  const hash = await credentialHash(deps.db, userId);
  if (!hash) return false;
  const { password: hasher } = await deps.auth.$context;
  return hasher.verify({ hash, password });
}

type Deps = Pick<ServiceDeps, 'db' | 'bus' | 'storage' | 'auth' | 'logger' | 'payments' | 'config'>;

/**
 * Deletes an account: the person can no longer sign in and their personal data is gone, while
 * the rows other people and the books rely on (users, experts, questions, payouts) stay,
 * anonymised. One transaction, under a lock on the user, so a check cannot pass while a payment
 * for this person is being recorded.
 */
export async function deleteAccount(deps: Deps, user: SessionUser, password: string) {
  if (!(await passwordMatches(deps, user.id, password))) {
    throw badRequest(SETTINGS_MESSAGES.wrongPassword, {
      password: SETTINGS_MESSAGES.wrongPassword,
    });
  }
  const now = new Date();
  const claimed = await transaction(deps, async (tx, changes) => {
    const row = await lockUser(tx, user.id);
    if (!row || row.deletedAt) throw notFound('Account not found.');
    const expert = await lockCoachOf(tx, user.id);
    const blocker = await deletionBlocker(tx, user.id);
    if (blocker) throw new AppError(409, blocker);
    const anonymous = { name: DELETED_NAME, email: deletedEmail(user.id) };
    const identity = await identityOf(tx, user.id, expert?.id ?? null);
    await anonymiseUser(tx, user.id, anonymous, now);
    // A Coach's public page and list entries go; the change event drops them from the caches.
    if (expert) await anonymiseCoach(tx, changes, expert.id, user.id, anonymous, now);
    const claimed = expert ? await claimDeletedCoachRefunds(tx, changes, expert.id, now) : null;
    // Last, so no mail queued above still names the person.
    await forgetPersonInMail(tx, identity, anonymous);
    return claimed;
  });
  // The refunds (and expiries of open checkouts) go to the provider after the commit, never while
  // the deletion holds its locks; a failure is retried by the recovery sweep.
  if (claimed) await refundDeletedCoachQuestions(deps, claimed);

  // Files after the commit: a failure here leaves nothing personal reachable, since the rows no
  // longer point at the photo.
  await removePhotos(deps.storage, user.id).catch((error: unknown) =>
    deps.logger.warn({ err: error, userId: user.id }, 'deleted account: photo not removed'),
  );
}
