import { and, eq, or, sql } from 'drizzle-orm';
import type { ConnectedAccountStatus } from '../../../adapters/payments/types';
import type { Executor } from '../../../db/client';
import type { Changes } from '../../../db/unit-of-work';
import { coaches } from '../../../db/schema';

/**
 * The Coach row's payments account columns: the payments module opens the account at the provider
 * and keeps these in step with what the provider says of it.
 */

/** The Coach's payments account at the provider (the payments module opens it). */
export async function setConnectedAccount(db: Executor, coachId: string, accountId: string) {
  await db.update(coaches).set({ stripeAccountId: accountId }).where(eq(coaches.id, coachId));
}

/**
 * Mirrors the provider's view of a connected account into the Coach's row. A change is announced
 * (`coaches.changed`): whether the Coach can be asked follows it (ADR 061), and the Coach's own open
 * pages, a payment set-up page left in another tab, refetch their status (issue 36). The same
 * status read again changes nothing and announces nothing.
 */
export async function mirrorAccountStatus(
  db: Executor,
  changes: Changes,
  where: { coachId: string } | { accountId: string },
  status: ConnectedAccountStatus,
) {
  const changed = await db
    .update(coaches)
    .set({
      stripeOnboardingComplete: status.onboardingComplete,
      stripeChargesEnabled: status.chargesEnabled,
      stripePayoutsEnabled: status.payoutsEnabled,
    })
    .where(
      and(
        'coachId' in where
          ? eq(coaches.id, where.coachId)
          : eq(coaches.stripeAccountId, where.accountId),
        or(
          sql`${coaches.stripeOnboardingComplete} is distinct from ${status.onboardingComplete}`,
          sql`${coaches.stripeChargesEnabled} is distinct from ${status.chargesEnabled}`,
          sql`${coaches.stripePayoutsEnabled} is distinct from ${status.payoutsEnabled}`,
        ),
      ),
    )
    .returning({ userId: coaches.userId });
  for (const { userId } of changed) changes.raise('coaches.changed', { userId });
}
