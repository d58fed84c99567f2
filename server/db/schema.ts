import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ATTACHMENT_KINDS, ATTACHMENT_PARTS } from '../../contracts/attachments';
import { CONTACT_TOPIC_VALUES } from '../../contracts/contact';
import { DISPUTE_RESOLUTIONS } from '../../contracts/disputes';
import { DEFAULT_RESPONSE_HOURS } from '../../contracts/response-time';
import { NOTIFICATION_CATEGORIES } from '../../contracts/notifications';
import { EXTRA_PAYMENT_REASONS, PAYOUT_STATUSES } from '../../contracts/payments';
import { MESSAGE_KINDS } from '../../contracts/question-thread';
import { REVIEW_STATUSES } from '../../contracts/video-review';
import {
  DISPUTE_REASONS,
  PAYMENT_STATUSES,
  QUESTION_STATUSES,
  REFUND_REASONS,
} from '../../contracts/question-states';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

// Index order: ascending columns serve ORDER BY ... DESC by scanning backwards. A DESC index column
// must say NULLS FIRST to match a plain DESC sort (drizzle's .desc() alone means NULLS LAST, which
// no ORDER BY here asks for, so PostgreSQL would sort instead). The index-use test checks the plans.

// ---------------------------------------------------------------- enums

export const roleEnum = pgEnum('user_role', ['asker', 'expert']);
export const questionStatusEnum = pgEnum('question_status', QUESTION_STATUSES);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const refundReasonEnum = pgEnum('refund_reason', REFUND_REASONS);
export const disputeReasonEnum = pgEnum('dispute_reason', DISPUTE_REASONS);
export const payoutStatusEnum = pgEnum('payout_status', PAYOUT_STATUSES);
export const messageKindEnum = pgEnum('question_message_kind', MESSAGE_KINDS);
/**
 * How an administrator settled a dispute (ADR 015, 023); null while it is open. 'dismissed' is
 * history only: disputes are now settled by a release or a refund.
 */
export const disputeResolutionEnum = pgEnum('dispute_resolution', DISPUTE_RESOLUTIONS);
export const reportReasonEnum = pgEnum('report_reason', [
  'harassment',
  'inappropriate',
  'spam',
  'scam',
  'other',
]);
export const reportStatusEnum = pgEnum('report_status', ['open', 'dismissed', 'actioned']);
export const contactTopicEnum = pgEnum('contact_topic', CONTACT_TOPIC_VALUES);
/** A checkout session as we last heard of it from the provider (ADR 037). */
export const checkoutSessionStatusEnum = pgEnum('checkout_session_status', [
  'open',
  'complete',
  'expired',
]);
/** Why a captured payment was not kept by its question (ADR 037). */
export const extraPaymentReasonEnum = pgEnum('extra_payment_reason', EXTRA_PAYMENT_REASONS);
export const mailStatusEnum = pgEnum('mail_status', ['pending', 'sent', 'failed']);

// ---------------------------------------------------------------- accounts (better-auth's model)

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set when the person deleted their account: the row stays, anonymised, for the books. */
    deletedAt: at('deleted_at'),
    /**
     * Set while an administrator has suspended the account (ADR 061): no sign-in, no public page.
     * The reason is the administrator's, kept for the user page; the audit log keeps every change.
     */
    suspendedAt: at('suspended_at'),
    suspendedReason: text('suspended_reason'),
  },
  // The administrator's Users tab pages by each sortable column, with id as the tie-breaker;
  // ascending indexes serve both directions (NOT NULL columns, so no NULLS ordering mismatch).
  (t) => [
    index('users_newest_idx').on(t.createdAt, t.id),
    index('users_name_idx').on(t.name, t.id),
    index('users_email_idx').on(t.email, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: at('access_token_expires_at'),
    refreshTokenExpiresAt: at('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

// ---------------------------------------------------------------- roles and profiles

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    /** True on exactly one row per user: the role the user is acting in. */
    activeRole: boolean('active_role').notNull().default(false),
    name: text('name'),
    bio: text('bio'),
    photoUrl: text('photo_url'),
    websiteUrl: text('website_url'),
    linkedinUrl: text('linkedin_url'),
    twitterUrl: text('twitter_url'),
    instagramUrl: text('instagram_url'),
    acceptedTermsAt: at('accepted_terms_at'),
    acceptedPrivacyAt: at('accepted_privacy_at'),
    acceptedRevenueSplitAt: at('accepted_revenue_split_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_roles_user_role_uq').on(t.userId, t.role),
    uniqueIndex('user_roles_one_active_uq')
      .on(t.userId)
      .where(sql`${t.activeRole}`),
  ],
);

export const userProfileCompletion = pgTable('user_profile_completion', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  coachProfileCompleted: boolean('expert_profile_completed').notNull().default(false),
  playerProfileCompleted: boolean('asker_profile_completed').notNull().default(false),
  updatedAt: updatedAt(),
});

export const coaches = pgTable(
  'experts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    bio: text('bio'),
    expertise: text('expertise').notNull(),
    /** Integer cents; the minimum price is one dollar. */
    pricePerQuestion: integer('price_per_question').notNull(),
    photoUrl: text('photo_url'),
    websiteUrl: text('website_url'),
    linkedinUrl: text('linkedin_url'),
    twitterUrl: text('twitter_url'),
    instagramUrl: text('instagram_url'),
    stripeAccountId: text('stripe_account_id').unique(),
    stripeOnboardingComplete: boolean('stripe_onboarding_complete').notNull().default(false),
    stripeChargesEnabled: boolean('stripe_charges_enabled').notNull().default(false),
    stripePayoutsEnabled: boolean('stripe_payouts_enabled').notNull().default(false),
    createdAt: createdAt(),
    /**
     * Set when the Coach deleted their account (issue 13): the row stays for the questions and
     * payouts that name it, stripped of personal data and hidden from every public list.
     */
    deletedAt: at('deleted_at'),
    /** The current URL segment of the Coach's page (ADR 025); earlier ones live in expert_slugs. */
    slug: text('slug').notNull().unique(),
    /**
     * The Coach's availability (ADR 061). Paused while `paused_at` is set and the return date, if
     * any, has not come: the pause lifts itself on that date, read from the date, not a job.
     */
    pausedAt: at('paused_at'),
    pauseReturnOn: date('pause_return_on', { mode: 'string' }),
    pauseNote: text('pause_note'),
    /** Most questions awaiting an answer at once; null for no cap. */
    openQuestionCap: integer('open_question_cap'),
    /** Copied from the user's suspension, so every public list filters on this row alone. */
    suspendedAt: at('suspended_at'),
    // The directory's figures, kept by triggers on questions, reviews and ratings (ADR 025) so
    // that sorting and filtering 10k Coaches reads one row each instead of counting their questions.
    answeredCount: integer('answered_count').notNull().default(0),
    /** Published reviews only (spec §9). */
    reviewCount: integer('review_count').notNull().default(0),
    reviewSum: integer('review_sum').notNull().default(0),
    helpfulCount: integer('helpful_count').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** The star average × 100, rounded down; 0 without reviews. Sorts and filters the directory. */
    ratingScore: integer('rating_score').generatedAlwaysAs(
      sql`CASE WHEN review_count = 0 THEN 0 ELSE (review_sum * 100) / review_count END`,
    ),
    /** The Coach's response-time promise in hours (ADR 060): a question unanswered this long is refunded. */
    responseHours: integer('response_hours').notNull().default(DEFAULT_RESPONSE_HOURS),
    /**
     * The median minutes from payment to answer over the Coach's last 90 answers, null below 3
     * answers (ADR 060). Kept by a trigger on questions in the answer's own transaction.
     */
    medianResponseMinutes: integer('median_response_minutes'),
    /** The directory's 'Fastest response' order: the measured median, else the promise. */
    responseSort: integer('response_sort').generatedAlwaysAs(
      sql`coalesce(median_response_minutes, response_hours * 60)`,
    ),
    /** What the directory's full-text search matches: the name first, then expertise, then bio. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', expertise), 'B') || setweight(to_tsvector('english', coalesce(bio, '')), 'C')`,
    ),
  },
  (t) => [
    check('experts_price_min', sql`${t.pricePerQuestion} >= 100`),
    check(
      'experts_open_question_cap_min',
      sql`${t.openQuestionCap} IS NULL OR ${t.openQuestionCap} >= 1`,
    ),
    check('experts_response_hours', sql`${t.responseHours} IN (24, 48, 72, 168)`),
    index('experts_newest_idx').on(t.createdAt, t.id),
    // The public lists: only Coaches whose account still exists (issue 13).
    index('experts_listed_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('experts_search_idx').using('gin', t.searchVector),
    index('experts_rating_idx').on(t.ratingScore, t.id),
    index('experts_answered_idx').on(t.answeredCount, t.id),
    index('experts_price_idx').on(t.pricePerQuestion, t.id),
    index('experts_response_idx').on(t.responseSort, t.id),
  ],
);

/** Every slug a Coach has had, so a link shared before a rename still finds them (ADR 025). */
export const coachSlugs = pgTable(
  'expert_slugs',
  {
    slug: text('slug').primaryKey(),
    coachId: uuid('expert_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('expert_slugs_expert_idx').on(t.coachId)],
);

// ---------------------------------------------------------------- questions and what hangs off them

export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: uuid('expert_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'restrict' }),
    playerId: text('asker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    playerName: text('asker_name').notNull(),
    playerEmail: text('asker_email').notNull(),
    question: text('question').notNull(),
    context: text('context'),
    answer: text('answer'),
    status: questionStatusEnum('status').notNull().default('pending'),
    paymentStatus: paymentStatusEnum('payment_status').notNull().default('pending'),
    /** Integer cents, the Coach's price when the question was asked. */
    amount: integer('amount').notNull(),
    checkoutSessionId: text('checkout_session_id'),
    /** The Player's Idempotency-Key for the creating request, if sent. */
    idempotencyKey: text('idempotency_key'),
    paymentIntentId: text('payment_intent_id'),
    createdAt: createdAt(),
    paidAt: at('paid_at'),
    /** The Coach's promise when the question was asked, in hours: later changes do not move it. */
    responseHours: integer('response_hours').notNull().default(DEFAULT_RESPONSE_HOURS),
    /**
     * "Answer by" (ADR 060): when an unanswered paid question is refunded. Set at ask from the
     * promise, and again from the payment's time when it is paid, so the clock runs from payment.
     * The default (the spec's 7 days) only serves rows loaded in bulk, outside the ask path.
     */
    answerBy: at('answer_by')
      .notNull()
      .default(sql`now() + interval '7 days'`),
    /** When the Coach was reminded, 24 h before answer_by: the reminder goes once. */
    reminderSentAt: at('reminder_sent_at'),
    answeredAt: at('answered_at'),
    /**
     * The question's latest activity, asked or answered (ADR 055): My Questions sorts by it, so a
     * fresh answer comes first. Kept by PostgreSQL, so no write path can forget it.
     */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(answered_at, created_at)`),
    refundedAt: at('refunded_at'),
    disputeFlagged: boolean('dispute_flagged').notNull().default(false),
    disputeReason: disputeReasonEnum('dispute_reason'),
    disputeDetails: text('dispute_details'),
    disputedAt: at('disputed_at'),
    disputeResolution: disputeResolutionEnum('dispute_resolution'),
    disputeResolvedAt: at('dispute_resolved_at'),
    /** The Coach's side of the dispute, editable until it is resolved (ADR 063). */
    disputeStatement: text('dispute_statement'),
    disputeStatementAt: at('dispute_statement_at'),
    /** The administrator's note on the resolution, shown to both sides (ADR 063). */
    disputeNote: text('dispute_note'),
    /**
     * Integer cents a dispute's partial refund gives back (ADR 063); set when it is claimed. The
     * payment stays 'paid': the question keeps the rest. `partial_refunded_at` says it was recorded.
     */
    partialRefundAmount: integer('partial_refund_amount'),
    partialRefundedAt: at('partial_refunded_at'),
    declinedAt: at('declined_at'),
    /** The Coach's optional note to the Player when declining. */
    declineNote: text('decline_note'),
    withdrawnAt: at('withdrawn_at'),
    /** Why the payment is being or was refunded; set with payment_status 'refunding' (ADR 023). */
    refundReason: refundReasonEnum('refund_reason'),
    /**
     * Set while a refund is claimed and not yet recorded: the recovery sweep retries claims left
     * behind by a crash.
     */
    refundClaimedAt: at('refund_claimed_at'),
    refundId: text('refund_id'),
    playerViewedResponse: boolean('asker_viewed_response').notNull().default(false),
    coachViewedQuestion: boolean('expert_viewed_question').notNull().default(false),
    /**
     * The conversation's figures the lists show without reading it (ADR 058): how many messages,
     * the latest one's kind (a Player reply waiting, a follow-up waiting), and the follow-up's
     * clock. Written with each message, in its transaction, under the question's row lock.
     */
    messageCount: integer('message_count').notNull().default(0),
    lastMessageKind: messageKindEnum('last_message_kind'),
    followUpUntil: at('follow_up_until'),
    followUpAnsweredAt: at('follow_up_answered_at'),
  },
  (t) => [
    check('questions_amount_positive', sql`${t.amount} > 0`),
    check(
      'questions_answered_has_answer',
      sql`${t.status} <> 'answered' OR (${t.answer} IS NOT NULL AND ${t.answeredAt} IS NOT NULL)`,
    ),
    check(
      'questions_refunded_has_time',
      sql`${t.status} <> 'refunded' OR ${t.refundedAt} IS NOT NULL`,
    ),
    check(
      'questions_partial_refund_in_range',
      sql`${t.partialRefundAmount} IS NULL OR (${t.partialRefundAmount} > 0 AND ${t.partialRefundAmount} < ${t.amount})`,
    ),
    check(
      'questions_dispute_needs_answer',
      sql`NOT ${t.disputeFlagged} OR ${t.answer} IS NOT NULL`,
    ),
    // Coach inbox: by Coach, status ascending, newest first.
    index('questions_expert_inbox_idx').on(t.coachId, t.status, t.createdAt.desc().nullsFirst()),
    // The inbox and its summary read only questions that are paid or awaiting payment. Pages
    // are keyset-paged on (time, id), read backwards for newest first. This one serves the
    // Unanswered filter and the summary, whose counts come from the index alone.
    index('questions_expert_visible_idx')
      .on(t.coachId, t.status, t.createdAt, t.id)
      .where(sql`${t.paymentStatus} IN ('paid', 'pending')`),
    // The inbox's All filter.
    index('questions_expert_recent_idx')
      .on(t.coachId, t.createdAt, t.id)
      .where(sql`${t.paymentStatus} IN ('paid', 'pending')`),
    // The Answered filter (newest answer first) and the Coach page's answered count.
    index('questions_expert_answered_idx')
      .on(t.coachId, t.answeredAt, t.id)
      .where(sql`${t.status} = 'answered'`),
    // The Coach's work queue and badge (issue 36, ADR 084): the answered questions that still need
    // her (a follow-up waiting, a dispute asking for her statement), without reading every answered
    // question she has; the waiting ones come from questions_expert_deadline_idx. The predicate is
    // written exactly as the read's (viewer-reads.ts `answeredNeedingCoach`).
    index('questions_expert_needs_idx')
      .on(t.coachId)
      .where(
        sql`${t.status} = 'answered' and ((${t.lastMessageKind} = 'follow_up' and ${t.followUpAnsweredAt} is null) or (${t.disputeFlagged} and ${t.disputeResolution} is null and ${t.disputeStatement} is null))`,
      ),
    // Payment history, the Coaches a Player asked, and the thread between one Player and one Coach.
    index('questions_asker_idx').on(t.playerId, t.createdAt, t.id),
    // My Questions (keyset-paged), latest activity first (ADR 055).
    index('questions_asker_activity_idx').on(t.playerId, t.lastActivityAt, t.id),
    index('questions_thread_idx').on(t.playerId, t.coachId, t.createdAt),
    // The refund and reminder sweeps only look at paid, unanswered questions, by deadline.
    index('questions_refund_due_idx')
      .on(t.answerBy)
      .where(sql`${t.status} = 'pending' AND ${t.paymentStatus} = 'paid'`),
    // The inbox's Unanswered filter sorted by deadline, soonest first (ADR 060).
    index('questions_expert_deadline_idx')
      .on(t.coachId, t.status, t.answerBy, t.id)
      .where(sql`${t.paymentStatus} IN ('paid', 'pending')`),
    uniqueIndex('questions_checkout_session_uq').on(t.checkoutSessionId),
    uniqueIndex('questions_idempotency_uq')
      .on(t.playerId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    // Administrator tables page through every question newest first, and through disputes.
    index('questions_newest_idx').on(t.createdAt, t.id),
    index('questions_disputes_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.disputeFlagged}`),
    // Refunds claimed but not yet recorded: the recovery sweep finishes them. (The predicate
    // avoids the enum values added with it: a new enum value cannot be used in its migration.)
    index('questions_refunding_idx')
      .on(t.refundClaimedAt)
      .where(sql`${t.refundClaimedAt} IS NOT NULL`),
  ],
);

/**
 * The conversation on a question (issue 23, ADR 058): never edited or deleted by its authors, so
 * it is the record a dispute is judged on. The author is the question's Player or its Coach.
 */
export const questionMessages = pgTable(
  'question_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: messageKindEnum('kind').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The question page reads its thread in time order.
    index('question_messages_question_idx').on(t.questionId, t.createdAt, t.id),
    // One follow-up per question, whatever two requests race (the row lock is the first guard).
    uniqueIndex('question_messages_one_follow_up_uq')
      .on(t.questionId)
      .where(sql`${t.kind} = 'follow_up'`),
  ],
);

/**
 * Every checkout session started for a question (ADR 037): when one is paid, the others still open
 * are expired through the provider, so a second payment is not taken in the first place.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    status: checkoutSessionStatusEnum('status').notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    // The sessions still open for a question: the ones to expire once it cannot take a payment.
    index('checkout_sessions_open_idx')
      .on(t.questionId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A payment the provider captured that its question did not keep (ADR 037): a second payment, or
 * one for a question refunded, declined, withdrawn or whose Coach is gone. Each is refunded at once,
 * with an idempotency key derived from the provider's payment id, and stays here for the books.
 */
export const extraPayments = pgTable(
  'extra_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    /** The provider's payment id: one row, and one refund, per payment. */
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    checkoutSessionId: text('checkout_session_id'),
    reason: extraPaymentReasonEnum('reason').notNull(),
    /** Integer cents: the question's amount, which checkout charges. */
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
    /** Set while the refund is claimed and not yet recorded (the recovery sweep retries it). */
    refundClaimedAt: at('refund_claimed_at'),
    refundId: text('refund_id'),
    refundedAt: at('refunded_at'),
  },
  (t) => [
    index('extra_payments_question_idx').on(t.questionId),
    index('extra_payments_newest_idx').on(t.createdAt, t.id),
    index('extra_payments_refunding_idx')
      .on(t.refundClaimedAt)
      .where(sql`${t.refundClaimedAt} IS NOT NULL`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: uuid('expert_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .unique()
      .references(() => questions.id, { onDelete: 'cascade' }),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    /** Unpublished while an administrator hides it (ADR 062): off the page and the figures. */
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    /** The Player's optional words (issue 24), up to REVIEW_WORDS_MAX characters. */
    body: text('body'),
    /** The Coach's one public reply (ADR 062): written once, never edited. */
    reply: text('reply'),
    repliedAt: at('replied_at'),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    // Covers the star average: read from the index alone.
    index('reviews_expert_published_idx')
      .on(t.coachId, t.rating)
      .where(sql`${t.published}`),
    // The Coach's page lists published reviews newest first, a keyset page at a time.
    index('reviews_expert_newest_idx')
      .on(t.coachId, t.createdAt, t.id)
      .where(sql`${t.published}`),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** The question's Coach, copied so a Coach's helpful percentage is read from one index. */
    coachId: uuid('expert_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isHelpful: boolean('is_helpful').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ratings_question_user_uq').on(t.questionId, t.userId),
    index('ratings_expert_idx').on(t.coachId, t.isHelpful),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // One payout per question: concurrent answers cannot create two.
    questionId: uuid('question_id')
      .notNull()
      .unique()
      .references(() => questions.id, { onDelete: 'restrict' }),
    coachId: uuid('expert_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    status: payoutStatusEnum('status').notNull().default('pending'),
    /** An administrator's hold: the sweep leaves the payout alone until it is released. */
    heldByAdmin: boolean('held_by_admin').notNull().default(false),
    transferId: text('transfer_id'),
    /** Set when the transfer is reversed because the Player was refunded after it (ADR 023). */
    reversalId: text('reversal_id'),
    /**
     * Integer cents of a sent transfer taken back by a dispute's partial refund (ADR 063). `amount`
     * is always what the Coach keeps, so the transfer was `amount + reversed_amount`.
     */
    reversedAmount: integer('reversed_amount').notNull().default(0),
    createdAt: createdAt(),
    /** The end of the hold window: the answer plus PAYOUT_HOLD_DAYS (disputes close then too). */
    releasableAt: at('releasable_at').notNull().defaultNow(),
    /** Set while a transfer or reversal is claimed and not yet recorded (recovery sweep). */
    claimedAt: at('claimed_at'),
    paidAt: at('paid_at'),
  },
  (t) => [
    check('payouts_amount_non_negative', sql`${t.amount} >= 0`),
    check('payouts_reversed_amount_non_negative', sql`${t.reversedAmount} >= 0`),
    check('payouts_paid_has_time', sql`${t.status} <> 'paid' OR ${t.paidAt} IS NOT NULL`),
    index('payouts_expert_idx').on(t.coachId, t.createdAt),
    index('payouts_newest_idx').on(t.createdAt, t.id),
    index('payouts_release_due_idx')
      .on(t.releasableAt)
      .where(sql`${t.status} IN ('pending', 'held')`),
    // Transfers and reversals claimed but not yet recorded (claimed_at is cleared on record).
    index('payouts_in_flight_idx')
      .on(t.claimedAt)
      .where(sql`${t.claimedAt} IS NOT NULL`),
  ],
);

/**
 * The receipt numbers' one counter (ADR 056): a single row that each payment's transaction
 * increments, so the row lock orders concurrent payments and a rollback takes its number back. A
 * PostgreSQL sequence would leave a gap for every rolled-back payment.
 */
export const receiptCounter = pgTable(
  'receipt_counter',
  {
    id: integer('id').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    check('receipt_counter_one_row', sql`${t.id} = 1`),
    check('receipt_counter_positive', sql`${t.lastNumber} > 0`),
  ],
);

/**
 * A receipt for the payment a question keeps (ADR 056), issued in the transaction that records the
 * payment. Its refund, if any, is the question's (`refunded_at`), so the receipt never goes stale.
 */
export const receipts = pgTable(
  'receipts',
  {
    number: integer('number').primaryKey(),
    questionId: uuid('question_id')
      .notNull()
      .unique()
      .references(() => questions.id, { onDelete: 'restrict' }),
    /** Integer cents charged. */
    amount: integer('amount').notNull(),
    /** The card's last four digits, where the provider reports them. */
    cardLast4: text('card_last4'),
    issuedAt: at('issued_at').notNull().defaultNow(),
  },
  (t) => [
    check('receipts_amount_positive', sql`${t.amount} > 0`),
    check(
      'receipts_card_last4_digits',
      sql`${t.cardLast4} IS NULL OR ${t.cardLast4} ~ '^[0-9]{4}$'`,
    ),
    index('receipts_issued_idx').on(t.issuedAt),
  ],
);

export const abuseReports = pgTable(
  'abuse_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedQuestionId: uuid('reported_question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    reportedCoachId: uuid('reported_expert_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    /** Set when the report is about one message of the question's conversation (ADR 058). */
    reportedMessageId: uuid('reported_message_id').references(() => questionMessages.id, {
      onDelete: 'cascade',
    }),
    /** Set when the report is about the Player's review of the question, not the answer (ADR 062). */
    reportedReviewId: uuid('reported_review_id').references(() => reviews.id, {
      onDelete: 'cascade',
    }),
    reason: reportReasonEnum('reason').notNull(),
    details: text('details'),
    status: reportStatusEnum('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    index('abuse_reports_status_idx').on(t.status, t.createdAt, t.id),
    index('abuse_reports_question_idx').on(t.reportedQuestionId),
    index('abuse_reports_review_idx')
      .on(t.reportedReviewId)
      .where(sql`${t.reportedReviewId} IS NOT NULL`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    topic: contactTopicEnum('topic').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    agreedToTermsAt: at('agreed_to_terms_at').notNull(),
    createdAt: createdAt(),
    readAt: at('read_at'),
  },
  (t) => [index('contact_messages_newest_idx').on(t.createdAt, t.id)],
);

// ---------------------------------------------------------------- administrators

export const adminAccounts = pgTable(
  'admin_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    // Two-factor sign-in (ADR 028). Secrets are encrypted with a key derived from APP_SECRET.
    /** The secret being set up: shown once as a QR code, kept until a code from it turns it on. */
    totpPendingSecret: text('totp_pending_secret'),
    totpSecret: text('totp_secret'),
    totpEnabledAt: at('totp_enabled_at'),
    /** The 30-second step of the last code accepted: a code works once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  (t) => [uniqueIndex('admin_accounts_username_uq').on(sql`lower(${t.username})`)],
);

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => adminAccounts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('admin_sessions_admin_idx').on(t.adminId)],
);

export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().defaultNow(),
    adminId: uuid('admin_id').references(() => adminAccounts.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    action: text('action').notNull(),
    success: boolean('success').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details'),
  },
  (t) => [
    index('admin_audit_log_at_idx').on(t.at),
    // The audit log is read by username and time.
    index('admin_audit_log_username_idx').on(sql`lower(${t.username})`, t.at),
  ],
);

/**
 * Failures counted against administrator sign-in and code checks (ADR 038), in the database so
 * every process sees one count. A row is one counter: `login-address` per username and client
 * address (five failures lock it), `login-username` per username across addresses (many failures
 * slow sign-in down, never refuse it), `totp` per administrator for the code checks of a signed-in
 * administrator.
 */
export const adminAttemptLimits = pgTable(
  'admin_attempt_limits',
  {
    kind: text('kind').notNull(),
    /** lower(username) for sign-in counters, the administrator's id for `totp`. */
    subject: text('subject').notNull(),
    /** The client address for `login-address`; '' for the others. */
    address: text('address').notNull().default(''),
    /** Failures in the current window, with the attempts under way (claimed, not yet decided). */
    failures: integer('failures').notNull(),
    windowStartedAt: at('window_started_at').notNull(),
    /** Locked (or, for `login-username`, slowed down) until then. */
    lockedUntil: at('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subject, t.address] })],
);

// ---------------------------------------------------------------- infrastructure

/**
 * Requests counted by the rate limits (ADR 049), in the database so that every process counts
 * towards one limit. A row is the current window of one key (the limit and the client address);
 * a request after the window has passed starts a new one in the same row.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull(),
  },
  // Old windows are pruned by age.
  (t) => [index('rate_limits_window_start_idx').on(t.windowStart)],
);

/** Each payment-provider event id is handled once; replays find their row and do nothing. */
export const processedProviderEvents = pgTable(
  'processed_provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    processedAt: at('processed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /**
     * What the message is (its `MailKind`, ADR 057) and what it says, as queued (ADR 095): the
     * delivery job renders HTML and text from it, outside any transaction. Null on rows queued
     * before migration 0029, which were rendered when queued.
     */
    kind: text('kind'),
    content: jsonb('content').$type<{
      greeting: string;
      paragraphs: { text: string; image?: { cid: string; width: number } }[];
      summary?: { label: string; text: string }[];
      action?: { label: string; url: string };
      unsubscribe?: { url: string; label: string };
    }>(),
    /** The message as rendered: set when it is sent (or, before ADR 095, when it was queued). */
    text: text('text'),
    html: text('html'),
    /** Extra headers the transport sends (List-Unsubscribe and its One-Click POST, ADR 057). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /**
     * The stored files the message carries inside it, each shown where its HTML names
     * `cid:{cid}` (a review's poster, ADR 093); read from storage when it is sent.
     */
    inlineImages:
      jsonb('inline_images').$type<
        { cid: string; key: string; contentType: string; filename: string }[]
      >(),
    status: mailStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
  },
  (t) => [
    check('mail_outbox_attempts_non_negative', sql`${t.attempts} >= 0`),
    // Something to send: the rendered message, or what the delivery job renders it from.
    check('mail_outbox_renderable', sql`${t.text} is not null or ${t.content} is not null`),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
  ],
);

export const notificationCategoryEnum = pgEnum('notification_category', NOTIFICATION_CATEGORIES);

/**
 * The e-mails a person turned off or on (issue 25, ADR 057): a row only once they chose, so a
 * category without one follows NOTIFICATION_DEFAULTS. Read when a message is queued.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: notificationCategoryEnum('category').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

// ---------------------------------------------------------------- realtime

/**
 * The event journal (ADR 046): every published event with an id in publishing order, so an SSE
 * client that reconnects with Last-Event-ID receives what it missed, whichever process published
 * it. Rows are notifications, not data: kept for a short while and pruned.
 */
export const eventJournal = pgTable(
  'event_journal',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('event_journal_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------- attachments

export const attachmentKindEnum = pgEnum('attachment_kind', ATTACHMENT_KINDS);
export const attachmentPartEnum = pgEnum('attachment_part', ATTACHMENT_PARTS);

/**
 * Files on questions, answers and messages (issue 23, ADR 059). A row exists only for an upload
 * that finished and passed the checks; it starts unbound (no question) and is bound, at most five
 * per part, by the request that sends the question, the answer or the message. `message_id`
 * is a foreign key to the conversation's messages (migration 0023). Removed files keep their row with `removed_at`, so
 * the thread can say "Attachment removed".
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey(),
    uploaderId: text('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'restrict' }),
    // Messages are never deleted (ADR 058), and a deleted account's files keep their row marked
    // removed: the message keeps "Attachment removed" rather than losing the row.
    messageId: uuid('message_id').references(() => questionMessages.id, { onDelete: 'restrict' }),
    part: attachmentPartEnum('part'),
    kind: attachmentKindEnum('kind').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    displayName: text('display_name').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    // A video's own figures, read from its file when it is stored (issue 38): the studio steps one
    // frame at the source's real rate. Null for photos and PDFs, and for a video whose track
    // could not say.
    videoDurationMs: integer('video_duration_ms'),
    videoFrameRate: doublePrecision('video_frame_rate'),
    videoWidth: integer('video_width'),
    videoHeight: integer('video_height'),
    createdAt: createdAt(),
    removedAt: at('removed_at'),
  },
  (t) => [
    check('attachments_bound_has_part', sql`(${t.questionId} IS NULL) = (${t.part} IS NULL)`),
    check('attachments_message_part', sql`(${t.part} = 'message') = (${t.messageId} IS NOT NULL)`),
    index('attachments_question_idx').on(t.questionId, t.createdAt),
    // The sweep of uploads never bound to anything, and an account's files on deletion.
    index('attachments_unbound_idx')
      .on(t.createdAt)
      .where(sql`${t.questionId} IS NULL`),
    index('attachments_uploader_idx').on(t.uploaderId),
  ],
);

/**
 * Uploads in progress, with the length each declared (tus's Upload-Length), counted with the
 * stored files against the per-account storage quota (ADR 085). A row is written when the upload
 * is created, under the uploader's lock, and deleted when it becomes an attachment, is refused,
 * cancelled, or expires (the attachment sweep; the quota no longer counts it after
 * ATTACHMENT_UPLOAD_EXPIRY_HOURS anyway). The bytes themselves are in tus's store.
 */
export const uploadsInFlight = pgTable(
  'uploads_in_flight',
  {
    id: uuid('id').primaryKey(),
    uploaderId: text('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    declaredBytes: bigint('declared_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_in_flight_uploader_idx').on(t.uploaderId, t.createdAt)],
);

// ---------------------------------------------------------------- video reviews

export const reviewStatusEnum = pgEnum('video_review_status', REVIEW_STATUSES);

/**
 * Review videos made in the studio (issue 38, ADR 090): the recording (an attachment of the
 * Coach's, transcoded for every browser by a job, its poster frame the attachment's thumbnail) and
 * the structured review the Player replays (`document`: drawings with their times, the compared
 * clip and its sync points). A draft until the answer or the follow-up's answer that carries it is
 * sent (`sent_at`; `message_id` for a follow-up's answer).
 */
export const videoReviews = pgTable(
  'video_reviews',
  {
    id: uuid('id').primaryKey(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    messageId: uuid('message_id').references(() => questionMessages.id, { onDelete: 'restrict' }),
    videoAttachmentId: uuid('video_attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'restrict' }),
    sourceAttachmentId: uuid('source_attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'restrict' }),
    compareAttachmentId: uuid('compare_attachment_id').references(() => attachments.id, {
      onDelete: 'restrict',
    }),
    document: jsonb('document').notNull(),
    status: reviewStatusEnum('status').notNull().default('processing'),
    progress: integer('progress').notNull().default(0),
    durationMs: integer('duration_ms'),
    sentAt: at('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('video_reviews_video_idx').on(t.videoAttachmentId),
    index('video_reviews_question_idx').on(t.questionId, t.createdAt),
    check('video_reviews_progress', sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);

/**
 * A Coach's reference library (issue 38): their own finished video uploads, named, kept out of the
 * sweep of unsent uploads, private to them except inside a review they send.
 */
export const referenceClips = pgTable(
  'reference_clips',
  {
    id: uuid('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reference_clips_attachment_idx').on(t.attachmentId),
    index('reference_clips_owner_idx').on(t.ownerId, t.createdAt),
  ],
);
