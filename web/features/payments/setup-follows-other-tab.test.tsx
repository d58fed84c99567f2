import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OnboardingStatus } from '@contracts/payments';
import { paymentApiPaths } from '@contracts/payment-api-paths';
import { TestEventSource } from '@/test/event-source';
import { renderApp } from '@/test/render-app';
import { signedInCoach } from '@/test/accounts';

/**
 * Issue 36: a Coach who finishes payout onboarding in another tab sees this tab's "Account Status"
 * update by itself, without giving it focus: the stream says their own Coach row changed.
 */
const coach = signedInCoach('Tab Coach');
const unfinished: OnboardingStatus = {
  onboarding_complete: false,
  charges_enabled: false,
  payouts_enabled: false,
  requirements: ['Add a bank account'],
};
const finished: OnboardingStatus = {
  onboarding_complete: true,
  charges_enabled: true,
  payouts_enabled: true,
  requirements: [],
};

describe('the payment set-up page', () => {
  it('updates when the Coach finishes onboarding elsewhere, and not for another Coach', async () => {
    let status = unfinished;
    const app = renderApp('/expert-payment-setup', {
      account: coach,
      api: { [paymentApiPaths.onboardingStatus]: () => Response.json(status) },
    });
    expect(await screen.findByText('Add a bank account')).toBeTruthy();
    const stream = await waitFor(() => {
      const [open] = TestEventSource.open;
      if (!open) throw new Error('no stream yet');
      return open;
    });
    const asked = () =>
      app.requests().filter((r) => r.path === paymentApiPaths.onboardingStatus).length;
    const before = asked();

    // Another Coach changed: nothing of this Coach's to read again. (A refetch here would have
    // been made within the next task: the fake API answers at once.)
    stream.send('coaches.changed', {});
    status = finished;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toBe(before);

    stream.send('coaches.changed', { own: true });
    expect(await screen.findByText('Your payment account is ready.')).toBeTruthy();
    expect(screen.queryByText('Add a bank account')).toBeNull();
  });
});
