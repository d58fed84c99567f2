import { createLocalPaymentProvider } from '../adapters/payments/local';
import type { PaymentProvider } from '../adapters/payments/types';

/** One money movement as the provider keeps it: one per idempotency key, like Stripe. */
export interface Movement {
  kind: 'transfer' | 'reversal' | 'refund';
  key: string;
  amountCents?: number;
  /** For a refund: the payment it gave back. */
  paymentIntentId?: string;
}

/**
 * The local provider with a ledger and injected failures, for money tests. `failNext('before')`
 * makes the next money call fail without moving anything; `'after'` moves the money and then fails,
 * as a crash or a lost response between the provider and our record would.
 */
export function createRecordingProvider() {
  const ledger = new Map<string, Movement>();
  const expired = new Set<string>();
  let failure: 'before' | 'after' | null = null;
  const base = createLocalPaymentProvider({
    publicUrl: 'http://localhost',
    accountStatus: async () => ({
      onboardingComplete: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      requirements: [],
    }),
  });
  async function move<T>(movement: Movement, call: () => Promise<T>): Promise<T> {
    const mode = failure;
    failure = null;
    if (mode === 'before') throw new Error('provider unavailable');
    if (!ledger.has(movement.key)) ledger.set(movement.key, movement);
    const result = await call();
    if (mode === 'after') throw new Error('response lost');
    return result;
  }
  const provider: PaymentProvider = {
    ...base,
    transfer: (input) =>
      move({ kind: 'transfer', key: input.idempotencyKey, amountCents: input.amountCents }, () =>
        base.transfer(input),
      ),
    reverseTransfer: (input) =>
      move({ kind: 'reversal', key: input.idempotencyKey, amountCents: input.amountCents }, () =>
        base.reverseTransfer(input),
      ),
    refund: (input) =>
      move(
        {
          kind: 'refund',
          key: input.idempotencyKey,
          paymentIntentId: input.paymentIntentId,
          // A partial refund names its amount; without one the provider gives back what is left.
          amountCents: input.amountCents,
        },
        () => base.refund(input),
      ),
    expireCheckoutSession: async (input) => {
      expired.add(input.sessionId);
      return base.expireCheckoutSession(input);
    },
  };
  return {
    provider,
    ledger,
    /** The checkout sessions we asked the provider to expire. */
    expired,
    /** null: the next call goes through. */
    failNext(mode: 'before' | 'after' | null) {
      failure = mode;
    },
  };
}
