import { z } from 'zod';
import { DISPUTE_RESOLUTIONS } from './disputes';
import { DISPUTE_REASONS, PAYMENT_STATUSES, QUESTION_STATUSES } from './question-states';
import { optionalSecureText, secureText } from './secure-input';
import { joined } from './messages';
import { threadMessageSchema } from './question-thread';
import { reviewWordsSchema } from './reviews-schemas';
import { attachmentIdsSchema } from './attachments';
import { reviewIdsSchema } from './video-review';
import { QUESTION_MESSAGES, REPORT_REASONS } from './question-messages';

// Re-exported for the many pages and server modules that import them with the schemas; code on a
// public page imports `question-messages.ts` itself, so that page does not load zod (ADR 073).
export { QUESTION_MESSAGES, REPORT_REASONS } from './question-messages';

/**
 * What a question needs of its viewer now (issue 36, ADR 084): the Coach's work queue and the
 * Player's. The server's read decides it (viewer-reads.ts), the header's badge counts exactly the
 * questions that have one, and each card says it with its deadline.
 */
export const COACH_NEEDS = ['answer', 'reply', 'follow_up', 'statement'] as const;
export type CoachNeed = (typeof COACH_NEEDS)[number];
export const PLAYER_NEEDS = ['details', 'answer', 'follow_up_answer'] as const;
export type PlayerNeed = (typeof PLAYER_NEEDS)[number];

export const NEED_LABELS = {
  expert: {
    answer: 'Answer this question',
    reply: 'The Player replied: answer this question',
    follow_up: 'Answer the follow-up',
    statement: 'Add your statement to the dispute',
  } satisfies Record<CoachNeed, string>,
  asker: {
    details: 'Your Coach asked for details: reply',
    answer: 'Read your answer',
    follow_up_answer: 'Read the answer to your follow-up',
  } satisfies Record<PlayerNeed, string>,
} as const;

/**
 * A need's deadline as its card says it: for a Coach the answer's or the follow-up's; for a Player
 * asked for details the Coach's (their answer waits for the reply), for an answer to read the end
 * of the dispute window. A statement has none: the dispute may be decided at any time.
 */
export function needDeadline(
  need: { kind: CoachNeed | PlayerNeed; by: string | null },
  format: (at: string) => string,
): string | null {
  if (need.by !== null) return `by ${format(need.by)}`;
  return need.kind === 'statement' ? 'before the dispute is decided' : null;
}

/** The Coach's work queue at a glance: "3 questions need you". */
export const needsYou = (count: number) =>
  `${count} question${count === 1 ? ' needs' : 's need'} you`;

const needSchema = <K extends readonly [string, ...string[]]>(kinds: K) =>
  z.object({ kind: z.enum(kinds), by: z.string().nullable() }).nullable();

/** A question as its Coach sees it in the inbox. */
export const coachInboxQuestionSchema = z.object({
  id: z.string(),
  playerId: z.string(),
  playerName: z.string(),
  playerPhotoUrl: z.string().nullable(),
  question: z.string(),
  context: z.string().nullable(),
  answer: z.string().nullable(),
  status: z.enum(QUESTION_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  /** Messages in the question's conversation (ADR 058). */
  messageCount: z.number().int(),
  /** The Player replied to a request for details and the answer is still to come. */
  replyWaiting: z.boolean(),
  /** The refund moment (ADR 060); shown as "Answer by {date}" while a paid question waits. */
  answerBy: z.string(),
  /** What the Coach owes on it now, and by when; null when nothing. */
  need: needSchema(COACH_NEEDS),
});
export type CoachInboxQuestion = z.infer<typeof coachInboxQuestionSchema>;

/**
 * Spec §4 'Inbox filters', applied by the server so every filter pages through all questions, and
 * the Coach's work queue: every question that needs her, soonest deadline first (issue 36).
 */
export const INBOX_FILTERS = ['all', 'needs', 'unanswered', 'answered'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/** Question lists come a page at a time; `cursor` is the previous page's opaque `nextCursor`. */
const cursor = z.string().max(400).optional();
/** The inbox's orders: newest first (spec §4), or soonest deadline first for Unanswered (ADR 060). */
export const INBOX_SORTS = ['newest', 'deadline'] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];
export const INBOX_SORT_LABELS: Record<InboxSort, string> = {
  newest: 'Newest first',
  deadline: 'Deadline (soonest first)',
};
export const INBOX_SORT_MESSAGE = 'Sorting by deadline applies to unanswered questions';
export const coachInboxQuerySchema = z
  .object({
    filter: z.enum(INBOX_FILTERS).default('all'),
    sort: z.enum(INBOX_SORTS).default('newest'),
    cursor,
  })
  // Answered questions have no deadline left; All would need the whole history sorted. The work
  // queue is always in deadline order.
  .refine((q) => q.sort === 'newest' || q.filter === 'unanswered' || q.filter === 'needs', {
    message: INBOX_SORT_MESSAGE,
    path: ['sort'],
  });
export const playerQuestionsQuerySchema = z.object({ cursor });
/** Null on the last page. */
const nextCursor = z.string().nullable();

export const coachInboxSchema = z.object({
  /** When the Coach's oldest question arrived, or null with none ('Recently'). */
  coachSince: z.string().nullable(),
  answeredCount: z.number().int(),
  unansweredCount: z.number().int(),
  /** The questions that need the Coach now: the work queue's length, and the header's badge. */
  needsCount: z.number().int(),
  questions: z.array(coachInboxQuestionSchema),
  nextCursor,
});
export type CoachInbox = z.infer<typeof coachInboxSchema>;

/** A question as its Player sees it in My Questions. */
export const playerQuestionSchema = z.object({
  id: z.string(),
  coach: z.object({
    id: z.string(),
    name: z.string(),
    photoUrl: z.string().nullable(),
    expertise: z.string(),
  }),
  question: z.string(),
  answer: z.string().nullable(),
  status: z.enum(QUESTION_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  disputeFlagged: z.boolean(),
  /** When the dispute window closes (the payout's hold window); null before the answer. */
  disputeUntil: z.string().nullable(),
  declinedAt: z.string().nullable(),
  /** When the payment was returned; with `answerBy`, whether the deadline did it. */
  refundedAt: z.string().nullable(),
  /** The refund moment (ADR 060). */
  answerBy: z.string(),
  /** Messages in the question's conversation (ADR 058). */
  messageCount: z.number().int(),
  /** The Coach's promise frozen on the question (ADR 060): when an unanswered one is refunded. */
  responseHours: z.number().int(),
  /** What the Player is asked for on it now, and by when; null when nothing. */
  need: needSchema(PLAYER_NEEDS),
});
export type PlayerQuestion = z.infer<typeof playerQuestionSchema>;
export const playerQuestionsSchema = z.object({
  questions: z.array(playerQuestionSchema),
  nextCursor,
});
export type PlayerQuestions = z.infer<typeof playerQuestionsSchema>;

export const INBOX_MESSAGES = {
  inboxLoadFailed: 'Failed to load inbox.',
  questionsLoadFailed: 'Failed to load your questions.',
} as const;

/** Spec §5: the ask form's limits, with the secure-input rules (brackets stripped, scripts refused). */
/**
 * The ask form sends one key per form (an `Idempotency-Key` header): a double click or a retry after
 * a lost response finds the question the first request created instead of asking twice. Loose: the
 * other headers (the session cookie) must pass through untouched.
 */
export const askHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key must be 8-100 letters, digits, _ or -')
    .optional(),
});

export const askQuestionSchema = z.object({
  coachId: z.uuid(),
  playerName: secureText({ max: 100, message: QUESTION_MESSAGES.nameLength }),
  question: secureText({ min: 10, max: 5000, message: QUESTION_MESSAGES.questionLength }),
  context: optionalSecureText(2000, QUESTION_MESSAGES.contextLength),
  pledge: z.literal(true, { message: QUESTION_MESSAGES.pledgeRequired }),
  acceptedConsents: z.literal(true, { message: joined(QUESTION_MESSAGES.consentsRequired) }),
  /** Finished uploads sent with the question (issue 23), at most five. */
  attachmentIds: attachmentIdsSchema,
});
export type AskQuestionInput = z.infer<typeof askQuestionSchema>;

export const answerSchema = z.object({
  answer: secureText({ max: 5000, message: QUESTION_MESSAGES.answerRequired }),
  attachmentIds: attachmentIdsSchema,
  /** The Coach's ready video review drafts sent with it (issue 38), bound in its transaction. */
  reviewIds: reviewIdsSchema,
});

export const ratingSchema = z.object({ isHelpful: z.boolean() });
/** Stars with optional words (issue 24); sending only stars clears the words. */
export const reviewSchema = z.object({
  rating: z.number().int().min(1).max(5),
  words: reviewWordsSchema,
});
export type ReviewInput = z.input<typeof reviewSchema>;

export const reportSchema = z.object({
  reason: z.enum(
    REPORT_REASONS.map(({ value }) => value),
    {
      message: 'Please choose a reason.',
    },
  ),
  details: z
    .string()
    .trim()
    .max(2000, 'Details must be at most 2000 characters')
    .optional()
    .transform((v) => (v ? v : null)),
});

const threadItemSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string().nullable(),
  status: z.enum(QUESTION_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});

/** A question as its Player or its Coach sees it on the detail page. */
export const questionDetailSchema = threadItemSchema.extend({
  context: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** The refund moment (ADR 060); shown as "Answer by {date}" while a paid question waits. */
  answerBy: z.string(),
  /** The Coach's response-time promise when the question was asked, in hours. */
  responseHours: z.number().int(),
  disputeFlagged: z.boolean(),
  disputeUntil: z.string().nullable(),
  dispute: z
    .object({
      reason: z.enum(DISPUTE_REASONS),
      details: z.string().nullable(),
      at: z.string(),
      /** Null while an administrator has not settled it. */
      resolution: z.enum(DISPUTE_RESOLUTIONS).nullable(),
      resolvedAt: z.string().nullable(),
      /** The Coach's statement (ADR 063), editable by them until the dispute is resolved. */
      statement: z.string().nullable(),
      statementAt: z.string().nullable(),
      /** The administrator's note on the resolution, shown to both sides. */
      note: z.string().nullable(),
      /** A partial refund's figures in integer cents (ADR 063); null without one. */
      partialRefund: z
        .object({
          refunded: z.number().int(),
          kept: z.number().int(),
          coachShare: z.number().int(),
          done: z.boolean(),
        })
        .nullable(),
    })
    .nullable(),
  declinedAt: z.string().nullable(),
  declineNote: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  viewerRole: z.enum(['asker', 'expert']),
  player: z.object({ id: z.string(), name: z.string(), photoUrl: z.string().nullable() }),
  coach: z.object({
    id: z.string(),
    name: z.string(),
    photoUrl: z.string().nullable(),
    expertise: z.string(),
  }),
  /** Earlier and later questions between the same Player and Coach, oldest first. */
  thread: z.array(threadItemSchema),
  myRating: z.boolean().nullable(),
  myReview: z.number().int().nullable(),
  /** The conversation after the question, oldest first (ADR 058). */
  messages: z.array(threadMessageSchema),
  /** When the follow-up stops waiting for its answer; null before one is sent. */
  followUpUntil: z.string().nullable(),
  followUpAnswered: z.boolean(),
  /** The words of the Player's review, and the Coach's reply to it (ADR 062). */
  myReviewWords: z.string().nullable(),
  reviewReply: z.string().nullable(),
});
export type QuestionDetail = z.infer<typeof questionDetailSchema>;
