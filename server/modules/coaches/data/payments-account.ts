import { eq } from 'drizzle-orm';
import type { ConnectedAccountStatus } from '../../../adapters/payments/types';
import type { Executor } from '../../../db/client';
import { coaches } from '../../../db/schema';

/**
 * The Coach row's payments account columns: the payments module opens the account at the provider
 * and keeps these in step with what the provider says of it.
 */

/** The Coach's payments account at the provider (the payments module opens it). */
export async function setConnectedAccount(db: Executor, coachId: string, accountId: string) {
  await db.update(coaches).set({ stripeAccountId: accountId }).where(eq(coaches.id, coachId));
}

/** Mirrors the provider's view of a connected account into the Coach's row. */
export async function mirrorAccountStatus(
  db: Executor,
  where: { coachId: string } | { accountId: string },
  status: ConnectedAccountStatus,
) {
  await db
    .update(coaches)
    .set({
      stripeOnboardingComplete: status.onboardingComplete,
      stripeChargesEnabled: status.chargesEnabled,
      stripePayoutsEnabled: status.payoutsEnabled,
    })
    .where(
      'coachId' in where
        ? eq(coaches.id, where.coachId)
        : eq(coaches.stripeAccountId, where.accountId),
    );
}
