/**
 * The payment provider seam (ADR 013). The local provider and Stripe implement it. Every mutating
 * call takes an idempotency key.
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
  | {
      id: string;
      type: 'checkout.completed';
      questionId: string;
      /** The session paid; both providers name it (optional for events built by tests). */
      sessionId?: string;
      paymentIntentId: string;
      /**
       * The card's last four digits for the receipt (ADR 056), where the provider gives them:
       * the Stripe webhook asks for them before applying the event; null when unknown.
       */
      cardLast4?: string | null;
    }
  | { id: string; type: 'checkout.expired'; questionId: string }
  | { id: string; type: 'payment.failed'; questionId: string }
  | { id: string; type: 'account.updated'; accountId: string; status: ConnectedAccountStatus }
  | { id: string; type: 'charge.refunded'; paymentIntentId: string; refundId: string | null };

/** A checkout session's state at the provider: only an open one can still take a payment. */
export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Closes an open checkout session so it can no longer take a payment (ADR 037). Answers the
   * session's state afterwards: 'complete' when it was paid first, whose payment is then reported
   * by its own event.
   */
  expireCheckoutSession(input: {
    sessionId: string;
    idempotencyKey: string;
  }): Promise<{ status: CheckoutSessionStatus }>;
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
  /**
   * Refunds the payment: the rest of it, or `amountCents` of it (a dispute's partial refund,
   * ADR 063).
   */
  refund(input: {
    paymentIntentId: string;
    idempotencyKey: string;
    amountCents?: number;
  }): Promise<{ refundId: string }>;
  /** The last four digits of the card that made a payment, or null when the provider cannot say. */
  cardLast4(paymentIntentId: string): Promise<string | null>;
}
