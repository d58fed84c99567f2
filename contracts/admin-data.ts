import { z } from 'zod';
import { DISPUTE_RESOLUTIONS } from './disputes';
import { DISPUTE_REASONS, PAYMENT_STATUSES, QUESTION_STATUSES } from './question-states';
import { threadMessageSchema } from './question-thread';
import { adminReviewSchema } from './reviews-schemas';

/**
 * The administrator's tables (spec §3 admin rows, plus the moderation tabs of issue 6). Every list
 * pages with an opaque keyset cursor so a page costs the same on row 25 and on row 1,000,000.
 */
export const ADMIN_PAGE_SIZE = 25;

const direction = z.enum(['asc', 'desc']).default('desc');
const cursor = z.string().max(400).optional();
const iso = z.string();

export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  role: z.enum(['all', 'coach', 'player']).default('all'),
  sort: z.enum(['created_at', 'name', 'email']).default('created_at'),
  direction,
  cursor,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminQuestionsQuerySchema = z.object({
  status: z.enum(['all', 'pending', 'answered', 'refunded']).default('all'),
  direction,
  cursor,
});
export type AdminQuestionsQuery = z.input<typeof adminQuestionsQuerySchema>;

/** 'extra': payments a question did not keep, each refunded (ADR 037). */
export const ADMIN_PAYMENT_TYPES = ['payment', 'payout', 'extra'] as const;

export const adminPaymentsQuerySchema = z.object({
  type: z.enum(ADMIN_PAYMENT_TYPES).default('payment'),
  direction,
  cursor,
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;

export const adminReportsQuerySchema = z.object({
  status: z.enum(['open', 'dismissed', 'actioned', 'all']).default('open'),
  cursor,
});
export type AdminReportsQuery = z.input<typeof adminReportsQuerySchema>;

export const adminDisputesQuerySchema = z.object({
  state: z.enum(['open', 'settled', 'all']).default('open'),
  cursor,
});
export type AdminDisputesQuery = z.input<typeof adminDisputesQuerySchema>;

export const adminMessagesQuerySchema = z.object({ cursor });
export type AdminMessagesQuery = z.input<typeof adminMessagesQuerySchema>;

const page = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), nextCursor: z.string().nullable() });

/** Spec §3 'Admin user row'. */
export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['Coach', 'Player']),
  createdAt: iso,
  /** questions_answered for a Coach, questions_asked for a Player. */
  questionCount: z.number().int(),
  /** total_earnings (paid payouts) for a Coach, total_spend (paid questions) for a Player, cents. */
  totalCents: z.number().int(),
});
export const adminUsersPageSchema = page(adminUserRowSchema);
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/** Spec §3 'Admin question row'. */
export const adminQuestionRowSchema = z.object({
  id: z.string(),
  question: z.string(),
  playerId: z.string(),
  playerEmail: z.string(),
  /** Whose user page the name opens (issue 24). */
  coachUserId: z.string(),
  coachName: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  createdAt: iso,
});
export const adminQuestionsPageSchema = page(adminQuestionRowSchema);
export type AdminQuestionRow = z.infer<typeof adminQuestionRowSchema>;

/**
 * Spec §3 'Admin payment row': a Player's payment, a payout to a Coach ('other'), or a payment its
 * question did not keep and that was refunded (ADR 037).
 */
export const adminPaymentRowSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  type: z.enum(ADMIN_PAYMENT_TYPES),
  status: z.string(),
  /** Whose user page the name opens (issue 24). */
  userId: z.string(),
  userEmail: z.string(),
  questionText: z.string(),
  createdAt: iso,
});
export const adminPaymentsPageSchema = page(adminPaymentRowSchema);
export type AdminPaymentRow = z.infer<typeof adminPaymentRowSchema>;

/** What an action on a question depends on; `questionActions` reads it on both sides. */
export const adminQuestionStateSchema = z.object({
  questionId: z.string(),
  paymentStatus: z.string(),
  payoutStatus: z.string().nullable(),
  payoutHeldByAdmin: z.boolean(),
  disputeFlagged: z.boolean(),
  disputeResolution: z.enum(DISPUTE_RESOLUTIONS).nullable(),
});
export type AdminQuestionState = z.infer<typeof adminQuestionStateSchema>;

export const adminReportRowSchema = z.object({
  id: z.string(),
  reporterId: z.string(),
  reporterName: z.string(),
  reporterEmail: z.string(),
  question: z.string(),
  /** Whose user page the name opens (issue 24). */
  coachUserId: z.string(),
  coachName: z.string(),
  reason: z.string(),
  details: z.string().nullable(),
  status: z.enum(['open', 'dismissed', 'actioned']),
  createdAt: iso,
  state: adminQuestionStateSchema,
  /** The review the report is about (ADR 062); null when it is about the answer. */
  review: adminReviewSchema.nullable(),
});
export const adminReportsPageSchema = page(adminReportRowSchema);
export type AdminReportRow = z.infer<typeof adminReportRowSchema>;

export const adminDisputeRowSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string().nullable(),
  playerId: z.string(),
  playerEmail: z.string(),
  /** Whose user page the name opens (issue 24). */
  coachUserId: z.string(),
  coachName: z.string(),
  amount: z.number().int(),
  /** Null only for disputes flagged before reasons were asked for. */
  disputeReason: z.enum(DISPUTE_REASONS).nullable(),
  disputeDetails: z.string().nullable(),
  createdAt: iso,
  state: adminQuestionStateSchema,
});
export const adminDisputesPageSchema = page(adminDisputeRowSchema);
export type AdminDisputeRow = z.infer<typeof adminDisputeRowSchema>;

export const adminMessageRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  topic: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: iso,
});
export const adminMessagesPageSchema = page(adminMessageRowSchema);
export type AdminMessageRow = z.infer<typeof adminMessageRowSchema>;

/**
 * The Failed jobs tab (ADR 050): background jobs and e-mails that gave up after their retries,
 * newest first, at most ADMIN_FAILED_JOBS_LIMIT (a list to clear, not to page through).
 */
export const ADMIN_FAILED_JOBS_LIMIT = 100;
/** The queue name of a failed e-mail; the others are the job names (`payout-release`, …). */
export const MAIL_JOB_QUEUE = 'mail';
export const adminFailedJobsQuerySchema = z.object({});
export const adminFailedJobRowSchema = z.object({
  id: z.string(),
  queue: z.string(),
  /** What the job was: an e-mail's recipient and subject, or the job's name. */
  description: z.string(),
  attempts: z.number().int(),
  error: z.string(),
  failedAt: iso,
});
export const adminFailedJobsPageSchema = page(adminFailedJobRowSchema);
export type AdminFailedJobRow = z.infer<typeof adminFailedJobRowSchema>;
/** A job's queue in a Retry path: a job name. */
export const jobQueueNameSchema = z.string().regex(/^[a-z][a-z-]{0,49}$/);

/**
 * One dispute as the administrator hears it (ADR 063): the reason, the Player, the Coach's
 * statement and the whole question, with what a resolution would move.
 */
export const adminDisputeDetailSchema = z.object({
  id: z.string(),
  question: z.string(),
  context: z.string().nullable(),
  answer: z.string().nullable(),
  status: z.enum(QUESTION_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** Integer cents paid. */
  amount: z.number().int(),
  createdAt: iso,
  answeredAt: iso.nullable(),
  player: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    memberSince: iso.nullable(),
    questionsAsked: z.number().int(),
    disputesFlagged: z.number().int(),
  }),
  /** `id` is the Coach profile's, `userId` their user page's. */
  coach: z.object({ id: z.string(), userId: z.string(), name: z.string(), email: z.string() }),
  dispute: z.object({
    reason: z.enum(DISPUTE_REASONS).nullable(),
    details: z.string().nullable(),
    at: iso.nullable(),
    statement: z.string().nullable(),
    statementAt: iso.nullable(),
    resolution: z.enum(DISPUTE_RESOLUTIONS).nullable(),
    resolvedAt: iso.nullable(),
    note: z.string().nullable(),
    /** Integer cents given back by a partial refund, null without one. */
    partialRefundAmount: z.number().int().nullable(),
  }),
  payout: z
    .object({ amount: z.number().int(), status: z.string(), reversedAmount: z.number().int() })
    .nullable(),
  /** Whether the resolution form is offered: the dispute is open and the payment kept. */
  resolvable: z.boolean(),
});
export type AdminDisputeDetail = z.infer<typeof adminDisputeDetailSchema>;

/**
 * A question's whole conversation for an administrator handling a dispute or a report (issue 23,
 * ADR 066): the question with its context, every message with its author and time, the answer.
 * The files come from the admin attachments route, with fresh signed links.
 */
export const adminQuestionThreadSchema = z.object({
  id: z.string(),
  question: z.string(),
  context: z.string().nullable(),
  createdAt: iso,
  player: z.object({ id: z.string(), name: z.string() }),
  /** The Coach's user id (their user page), not the Coach profile's. */
  coach: z.object({ id: z.string(), name: z.string() }),
  answer: z.string().nullable(),
  answeredAt: iso.nullable(),
  messages: z.array(threadMessageSchema),
});
export type AdminQuestionThread = z.infer<typeof adminQuestionThreadSchema>;
