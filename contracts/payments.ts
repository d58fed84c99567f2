import { z } from 'zod';

export const PAYMENT_MESSAGES = {
  paymentError: { title: 'Payment Error', description: 'Failed to create payment session.' },
  amountMismatch: 'The amount does not match the question.',
  notPayable: 'This question cannot be paid.',
  setupOpened: {
    title: 'Stripe Setup Opened',
    description: 'Finish setting up your payment account in the new tab.',
  },
  setupIncomplete: {
    title: 'Setup Incomplete:',
    description: 'Please complete all required information to start receiving payouts.',
  },
  setupError: {
    title: 'Payment Setup Error:',
    description: 'Failed to set up payment account. Please try again.',
  },
  setupRequired: 'Setup Required',
  statusFailed: 'Failed to check onboarding status.',
  onboardingFailed: 'Failed to start onboarding process.',
  portalFailed: 'Failed to access customer portal',
  accountFailed: 'Failed to create Stripe account',
  noPortalUrl: 'No customer portal URL received',
  noOnboardingUrl: 'No onboarding URL received from Stripe',
  managementFailed: 'Failed to open payment management.',
  noAccount: 'Set up your payment account first.',
  coachGone: 'This Coach has closed their account, so this question can no longer be paid.',
  checkoutClosed: 'This checkout has expired. Start a new payment from your question.',
} as const;

/**
 * Why a captured payment was not kept by its question (ADR 037): the question already had a payment,
 * was refunded, was declined or withdrawn, or its Coach closed their account.
 */
export const EXTRA_PAYMENT_REASONS = [
  'already_paid',
  'question_refunded',
  'question_closed',
  'coach_deleted',
] as const;
export type ExtraPaymentReason = (typeof EXTRA_PAYMENT_REASONS)[number];

/** create-payment (spec §7): the amount is checked against the question, never trusted. */
export const createPaymentSchema = z.object({
  questionId: z.uuid(),
  /** Integer cents. */
  amount: z.number().int().positive(),
  coachName: z.string().max(200).optional(),
});
export type CreatePaymentInput = z.infer<typeof createPaymentSchema>;

export const urlResponseSchema = z.object({ url: z.string() });

/** check-stripe-onboarding (spec §7), with the spec's field names. */
export const onboardingStatusSchema = z.object({
  onboarding_complete: z.boolean(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  requirements: z.array(z.string()),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

/** What the local test checkout page shows. */
export const localCheckoutSchema = z.object({
  questionId: z.string(),
  amount: z.number().int(),
  coachName: z.string(),
  question: z.string(),
  paymentStatus: z.string(),
});
export type LocalCheckout = z.infer<typeof localCheckoutSchema>;

export const redirectSchema = z.object({ redirect: z.string() });

/**
 * 'transferring' and 'reversing' are claims: the provider call is under way or will be retried by
 * the recovery sweep (ADR 023). 'cancelled': the Player was refunded, so nothing is owed (a transfer
 * already made was reversed).
 */
export const PAYOUT_STATUSES = [
  'pending',
  'held',
  'transferring',
  'paid',
  'failed',
  'reversing',
  'cancelled',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A Coach's payout card (spec §2 'Payouts'), with what decides its state. */
export const payoutSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  releasableAt: z.string(),
  question: z.string(),
  playerName: z.string(),
  questionPaid: z.boolean(),
  disputeOpen: z.boolean(),
  heldByAdmin: z.boolean(),
  /** The Player's follow-up waits for the Coach's answer (ADR 058). */
  followUpWaiting: z.boolean(),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutsSchema = z.object({
  payouts: z.array(payoutSchema),
  onboardingComplete: z.boolean(),
  /** Whether the Coach's connected account can receive transfers now. */
  payoutsEnabled: z.boolean(),
});
export type Payouts = z.infer<typeof payoutsSchema>;

/** A Player's payment row (spec §2 'Payment History'). */
export const playerPaymentSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  paymentStatus: z.string(),
  createdAt: z.string(),
  question: z.string(),
  coach: z.object({
    id: z.string(),
    name: z.string(),
    photoUrl: z.string().nullable(),
    expertise: z.string(),
  }),
  /** The receipt's number once the payment was recorded (ADR 056); its PDF can be downloaded. */
  receiptNumber: z.number().int().nullable(),
  /** Cents a dispute's partial refund gave back, once the provider made it (ADR 063); else null. */
  refunded: z.number().int().nullable(),
});
export type PlayerPayment = z.infer<typeof playerPaymentSchema>;
export const playerPaymentsSchema = z.object({ payments: z.array(playerPaymentSchema) });
export type PlayerPayments = z.infer<typeof playerPaymentsSchema>;

/** Money still to come: held money included, refunded money not. */
export const OUTSTANDING_PAYOUT_STATUSES = ['pending', 'held', 'transferring'] as const;
const OUTSTANDING = new Set<PayoutStatus>(OUTSTANDING_PAYOUT_STATUSES);
export const isOutstanding = (p: Pick<Payout, 'status'>) => OUTSTANDING.has(p.status);

export type PayoutStateTone = 'waiting' | 'held' | 'paid' | 'cancelled';

/**
 * What a Coach is told about one payout (issue 11): its state, with the reason and the date. One
 * function, so the card and its tests say the same thing. Dates are formatted by the caller.
 */
export function payoutState(
  p: Payout,
  payoutsEnabled: boolean,
  formatDate: (iso: string) => string,
  now: Date = new Date(),
): { label: string; tone: PayoutStateTone } {
  switch (p.status) {
    case 'paid':
      return { label: `Paid on ${formatDate(p.paidAt ?? p.releasableAt)}`, tone: 'paid' };
    case 'cancelled':
    case 'reversing':
      return { label: 'Cancelled: refunded to the Player', tone: 'cancelled' };
    case 'transferring':
      return { label: 'Sending to your payment account', tone: 'waiting' };
    case 'failed':
      return { label: 'Transfer failed: we are looking into it', tone: 'held' };
    default:
      if (p.disputeOpen) return { label: 'Held: dispute open', tone: 'held' };
      if (p.heldByAdmin) return { label: 'Held: under review', tone: 'held' };
      if (p.followUpWaiting) return { label: 'Held: follow-up waiting', tone: 'held' };
      if (!p.questionPaid) return { label: 'Held: waiting for the Player’s payment', tone: 'held' };
      if (!payoutsEnabled) return { label: 'Held: finish payment setup', tone: 'held' };
      if (Date.parse(p.releasableAt) > now.getTime()) {
        return { label: `Releases on ${formatDate(p.releasableAt)}`, tone: 'waiting' };
      }
      return { label: 'Releasing soon', tone: 'waiting' };
  }
}

export const PAYOUT_MESSAGES = {
  fetchFailed: 'Failed to fetch payouts. Please try again.',
  empty: 'No payouts yet. Start answering questions to earn!',
  paymentsLoadFailed: 'Failed to load payments.',
} as const;
