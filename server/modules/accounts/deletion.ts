import { SETTINGS_MESSAGES } from '../../../contracts/account';
import type { ServiceDeps } from '../../context';
import { transaction } from '../../db/unit-of-work';
import { AppError, badRequest, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { forgetPersonInMail } from '../mail';
import { claimDeletedCoachRefunds, refundDeletedCoachQuestions } from '../payments';
import { anonymiseCoach, lockCoachOf } from '../coaches/data';
import { removePhotos } from '../photos';
import { deleteStoredFiles, removeAccountAttachments } from '../attachments';
import { deleteLibraryOf } from '../reference-clips';
import { anonymiseUser, credentialHash, deletionBlocker, identityOf, lockUser } from './data';

/** What a deleted account is called wherever the other party still sees it. */
export const DELETED_NAME = 'Deleted user';
const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

async function passwordMatches(deps: Deps, userId: string, password: string) {
  const hash = await credentialHash(deps.db, userId);
  if (!hash) return false;
  const { password: hasher } = await deps.auth.$context;
  return hasher.verify({ hash, password });
}

type Deps = Pick<
  ServiceDeps,
  | 'db'
  | 'bus'
  | 'storage'
  | 'attachmentFiles'
  | 'auth'
  | 'logger'
  | 'payments'
  | 'config'
  | 'metrics'
>;

/**
 * Deletes an account: the person can no longer sign in and their personal data is gone, while
 * the rows other people and the books rely on (users, Coaches, questions, payouts) stay,
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
  let attachmentKeys: string[] = [];
  const claimed = await transaction(deps, async (tx, changes) => {
    const row = await lockUser(tx, user.id);
    if (!row || row.deletedAt) throw notFound('Account not found.');
    const coach = await lockCoachOf(tx, user.id);
    const blocker = await deletionBlocker(tx, user.id);
    if (blocker) throw new AppError(409, blocker);
    const anonymous = { name: DELETED_NAME, email: deletedEmail(user.id) };
    const identity = await identityOf(tx, user.id, coach?.id ?? null);
    await anonymiseUser(tx, changes, user.id, anonymous, now);
    // A Coach's public page and list entries go; the change event drops them from the caches.
    if (coach) await anonymiseCoach(tx, changes, coach.id, user.id, anonymous, now);
    const claimed = coach ? await claimDeletedCoachRefunds(tx, changes, coach.id, now) : null;
    // Last, so no mail queued above still names the person.
    await forgetPersonInMail(tx, identity, anonymous);
    // Their files go; the rows stay so the thread says "Attachment removed" (issue 23).
    attachmentKeys = await removeAccountAttachments(tx, user.id, now);
    // Their reference library's names go; its files are among the attachments above (ADR 091).
    await deleteLibraryOf(tx, user.id);
    return claimed;
  });
  // The refunds (and expiries of open checkouts) go to the provider after the commit, never while
  // the deletion holds its locks; a failure is retried by the recovery sweep.
  if (claimed) await refundDeletedCoachQuestions(deps, claimed);

  // Files after the commit: a failure here leaves nothing personal reachable, since the rows no
  // longer point at the photo.
  await deleteStoredFiles(deps.attachmentFiles, attachmentKeys, deps.logger);
  await removePhotos(deps.storage, user.id).catch((error: unknown) =>
    deps.logger.warn({ err: error, userId: user.id }, 'deleted account: photo not removed'),
  );
}
