/**
 * The payment provider seam (design.md §2). The local provider and Stripe implement it; the
 * payments issue brings both. Every mutating call takes an idempotency key.
 */
export interface CheckoutRequest {
  questionId: string;
  amountCents: number;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface ConnectedAccountStatus {
  onboardingComplete: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirements: string[];
}

/** Provider events, already verified, in the one shape the handlers understand. */
export type PaymentEvent =
  | { id: string; type: 'checkout.completed'; questionId: string; paymentIntentId: string }
  | { id: string; type: 'checkout.expired'; questionId: string }
  | { id: string; type: 'payment.failed'; questionId: string }
  | { id: string; type: 'account.updated'; accountId: string; status: ConnectedAccountStatus }
  | { id: string; type: 'charge.refunded'; paymentIntentId: string };

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  createConnectedAccount(email: string, idempotencyKey: string): Promise<{ accountId: string }>;
  createOnboardingLink(accountId: string, returnUrl: string, refreshUrl: string): Promise<string>;
  getAccountStatus(accountId: string): Promise<ConnectedAccountStatus>;
  createDashboardLink(accountId: string): Promise<string>;
  transfer(input: {
    accountId: string;
    amountCents: number;
    transferGroup: string;
    idempotencyKey: string;
  }): Promise<{ transferId: string }>;
  /** Takes a transfer back from the Coach's account (a refund after the transfer, ADR 023). */
  reverseTransfer(input: {
    transferId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ reversalId: string }>;
  refund(input: { paymentIntentId: string; idempotencyKey: string }): Promise<{ refundId: string }>;
}
