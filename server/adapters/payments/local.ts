import { createHash, randomUUID } from 'node:crypto';
import type { ConnectedAccountStatus, PaymentProvider } from './types';

/** Stable ids from idempotency keys: the same key gives the same object, as with Stripe. */
const idFor = (prefix: string, key: string) =>
  `${prefix}_local_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/** The last four digits of the test card the local checkout page pays with. */
export const LOCAL_TEST_CARD_LAST4 = '4242';

/**
 * The embedded default (ADR 013): checkout and Coach onboarding are pages of this app, marked as
 * test mode, whose buttons raise the same events as Stripe's webhook. It keeps no state of its own;
 * account status is read back from our database through `accountStatus`.
 */
export function createLocalPaymentProvider(options: {
  publicUrl: string;
  accountStatus: (accountId: string) => Promise<ConnectedAccountStatus>;
}): PaymentProvider {
  const { publicUrl } = options;
  return {
    name: 'local',
    async createCheckout() {
      const sessionId = `cs_local_${randomUUID()}`;
      return { sessionId, url: `${publicUrl}/test-checkout/${sessionId}` };
    },
    // The session's state is our checkout_sessions row, which the test page checks before paying.
    async expireCheckoutSession() {
      return { status: 'expired' as const };
    },
    async createConnectedAccount(_email, idempotencyKey) {
      return { accountId: idFor('acct', idempotencyKey) };
    },
    async createOnboardingLink(accountId, returnUrl, refreshUrl) {
      const params = new URLSearchParams({ return: returnUrl, refresh: refreshUrl });
      return `${publicUrl}/test-onboarding/${accountId}?${params}`;
    },
    getAccountStatus: options.accountStatus,
    async createDashboardLink(accountId) {
      return `${publicUrl}/test-onboarding/${accountId}?dashboard=true`;
    },
    async transfer({ idempotencyKey }) {
      return { transferId: idFor('tr', idempotencyKey) };
    },
    async reverseTransfer({ idempotencyKey }) {
      return { reversalId: idFor('trr', idempotencyKey) };
    },
    async refund({ idempotencyKey }) {
      return { refundId: idFor('re', idempotencyKey) };
    },
    // The test checkout page pays with Stripe's well-known test card, so receipts show its digits.
    async cardLast4() {
      return LOCAL_TEST_CARD_LAST4;
    },
  };
}
