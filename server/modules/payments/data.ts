import { eq } from 'drizzle-orm';
import type { ConnectedAccountStatus } from '../../adapters/payments/types';
import type { Executor } from '../../db/client';
import { experts } from '../../db/schema';

/** What our database last heard about a connected account (the local provider's source of truth). */
export async function accountStatusFromDatabase(
  db: Executor,
  accountId: string,
): Promise<ConnectedAccountStatus> {
  const [row] = await db.select().from(experts).where(eq(experts.stripeAccountId, accountId));
  const onboardingComplete = row?.stripeOnboardingComplete ?? false;
  return {
    onboardingComplete,
    chargesEnabled: row?.stripeChargesEnabled ?? false,
    payoutsEnabled: row?.stripePayoutsEnabled ?? false,
    requirements: onboardingComplete ? [] : ['Business details', 'Bank account for payouts'],
  };
}
