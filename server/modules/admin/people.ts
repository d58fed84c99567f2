import { queueMail, type MailContent } from '../mail';
import { claimSuspensionRefunds, refundDeletedCoachQuestions, type Money } from '../payments';
import { endSessionsOf, setSignInSuspended } from '../auth/data';
import { setCoachSuspended } from '../coaches/data';
import { PEOPLE_MESSAGES } from '../../../contracts/admin-people';
import type { Executor } from '../../db/client';
import type { Changes } from '../../db/unit-of-work';
import { AppError } from '../../errors';
import { lockPerson } from './data/people';
import { audited } from './moderation';
import type { Actor } from './service';

export { userDetail } from './data/people';

const contactUrl = (money: Money) => `${money.config.PUBLIC_URL}/contact`;

/**
 * What the suspension and restoration e-mails say, worded for the person's roles (issue 36): only
 * someone with a Coach page hears that it is hidden or visible again.
 */
export const ACCOUNT_STATUS_MAIL = {
  suspended: (isCoach: boolean) =>
    isCoach
      ? 'An administrator suspended your Playbook account. You cannot sign in while it is suspended, and your Coach page is hidden.'
      : 'An administrator suspended your Playbook account. You cannot sign in while it is suspended.',
  suspendedRefunds: (isCoach: boolean) =>
    isCoach
      ? 'Any paid question still waiting for an answer is refunded in full; you will get a separate e-mail for each refund.'
      : 'Any question you paid for that is still waiting for its answer is refunded to you in full; you will get a separate e-mail for each refund.',
  restored: (isCoach: boolean) =>
    isCoach
      ? 'An administrator restored your Playbook account. You can sign in again, and your Coach page is visible again.'
      : 'An administrator restored your Playbook account. You can sign in again.',
} as const;

interface Person {
  name: string;
  email: string;
  isCoach: boolean;
}

function suspendedEmail(person: Person, reason: string, contact: string) {
  return {
    kind: 'account-suspended',
    to: person.email,
    subject: 'Your Playbook account has been suspended',
    greeting: `Hi ${person.name},`,
    paragraphs: [
      ACCOUNT_STATUS_MAIL.suspended(person.isCoach),
      `The reason given: ${reason}`,
      ACCOUNT_STATUS_MAIL.suspendedRefunds(person.isCoach),
      'If you think this is a mistake, contact us.',
    ],
    action: { label: 'Contact us', url: contact },
  } satisfies MailContent;
}

function restoredEmail(person: Person, signIn: string) {
  return {
    kind: 'account-restored',
    to: person.email,
    subject: 'Your Playbook account has been restored',
    greeting: `Hi ${person.name},`,
    paragraphs: [
      ACCOUNT_STATUS_MAIL.restored(person.isCoach),
      'Questions refunded while the account was suspended stay refunded.',
    ],
    action: { label: 'Sign in', url: signIn },
  } satisfies MailContent;
}

/** No sign-in, and no Coach page or card (the caches drop them at once); null restores both. */
async function setSuspended(
  tx: Executor,
  changes: Changes,
  userId: string,
  suspension: { at: Date; reason: string } | null,
) {
  await setSignInSuspended(tx, userId, suspension);
  await setCoachSuspended(tx, changes, userId, suspension?.at ?? null);
}

/**
 * Suspends an account, audited with the reason: no sign-in (its sessions end here, and sign-in
 * refuses it), no Coach page or card, the paid questions waiting for an answer (as its Player or
 * its Coach) claimed for a full refund, and the person e-mailed, all in one transaction. The
 * refunds go to the provider after the commit (ADR 023); a failure is retried by the recovery sweep.
 */
export async function suspendUser(money: Money, actor: Actor, userId: string, reason: string) {
  const now = new Date();
  const claimed = await audited(
    money,
    actor,
    'user.suspend',
    { userId, reason },
    async (tx, changes) => {
      const { user, coach } = await lockPerson(tx, userId);
      if (user.suspendedAt) throw new AppError(409, PEOPLE_MESSAGES.alreadySuspended);
      await setSuspended(tx, changes, userId, { at: now, reason });
      await endSessionsOf(tx, changes, userId);
      const refunds = await claimSuspensionRefunds(
        tx,
        changes,
        { coachId: coach?.id ?? null, playerId: userId },
        now,
      );
      const person = { name: user.name, email: user.email, isCoach: coach !== null };
      await queueMail(tx, money.config, suspendedEmail(person, reason, contactUrl(money)));
      return refunds;
    },
  );
  await refundDeletedCoachQuestions(money, claimed);
}

/**
 * Restores a suspended account, audited with the reason: sign-in and the Coach page come back.
 * What cannot be reversed stays: refunds made, sessions ended.
 */
export async function restoreUser(money: Money, actor: Actor, userId: string, reason: string) {
  await audited(money, actor, 'user.restore', { userId, reason }, async (tx, changes) => {
    const { user, coach } = await lockPerson(tx, userId);
    if (!user.suspendedAt) throw new AppError(409, PEOPLE_MESSAGES.notSuspended);
    await setSuspended(tx, changes, userId, null);
    const person = { name: user.name, email: user.email, isCoach: coach !== null };
    await queueMail(tx, money.config, restoredEmail(person, `${money.config.PUBLIC_URL}/auth`));
  });
}
