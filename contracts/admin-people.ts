import { z } from 'zod';
import { secureText } from './secure-input';

/**
 * The administrator's page for one person (ADR 061): who they are, what they asked and answered,
 * the money, the reports and the audit trail; and their suspension, with a reason.
 */
export const SUSPENSION_REASON_MAX = 500;

export const PEOPLE_MESSAGES = {
  reasonRequired: 'Enter a reason (at most 500 characters).',
  notFound: 'This user does not exist.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  deleted: 'This account was deleted.',
  suspended: 'Account suspended',
  restored: 'Account restored',
  /** What sign-in answers a suspended person (423). */
  signInRefused:
    'Your account has been suspended. If you think this is a mistake, contact us through the contact page.',
} as const;

/** Suspend and Restore both take the administrator's reason; it goes to the audit log. */
export const suspensionInputSchema = z.object({
  reason: secureText({ max: SUSPENSION_REASON_MAX, message: PEOPLE_MESSAGES.reasonRequired }),
});
export type SuspensionInput = z.infer<typeof suspensionInputSchema>;

const money = z.number().int();

export const adminUserDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  roles: z.array(z.object({ role: z.enum(['asker', 'expert']), active: z.boolean() })),
  coach: z
    .object({
      id: z.string(),
      slug: z.string(),
      name: z.string(),
      pricePerQuestion: money,
      payoutsEnabled: z.boolean(),
    })
    .nullable(),
  /** Latest first, as the Player and as the Coach. */
  questions: z.array(
    z.object({
      id: z.string(),
      side: z.enum(['asked', 'received']),
      question: z.string(),
      status: z.string(),
      paymentStatus: z.string(),
      amount: money,
      createdAt: z.string(),
    }),
  ),
  /** The Player's payments: questions they paid for, latest first. */
  payments: z.array(
    z.object({
      questionId: z.string(),
      amount: money,
      paymentStatus: z.string(),
      paidAt: z.string().nullable(),
      /**
       * What went back to the Player (issue 36): the whole fee once refunded, a dispute's partial
       * refund once recorded; null when nothing did.
       */
      refunded: money.nullable(),
      refundedAt: z.string().nullable(),
    }),
  ),
  payouts: z.array(
    z.object({
      id: z.string(),
      questionId: z.string(),
      amount: money,
      status: z.string(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
  /** Reports the person made, and reports about them as a Coach. */
  reports: z.array(
    z.object({
      id: z.string(),
      side: z.enum(['made', 'about']),
      reason: z.string(),
      status: z.string(),
      questionId: z.string(),
      createdAt: z.string(),
    }),
  ),
  audit: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      username: z.string(),
      action: z.string(),
      success: z.boolean(),
      reason: z.string().nullable(),
      /** A dispute decision on one of their questions (issue 36): its outcome and any amount. */
      outcome: z.string().nullable(),
      amountCents: money.nullable(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
