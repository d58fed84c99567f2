/**
 * One writer per table (ADR 032, 076): the module under `server/modules/` whose data files make
 * every insert, update and delete of each table of `schema.ts`, by the tables' SQL names. Another
 * module that writes one in its own transaction calls the owner's function named after the
 * transition. `owners.test.ts` holds the code to this map, and `npm run docs:architecture` writes
 * the architecture's ownership table from it. pg-boss's tables (schema `pgboss`) are the job
 * queue's own, not ours.
 */
export const OWNED_TABLES = {
  auth: ['users', 'sessions', 'accounts', 'verifications'],
  profiles: ['user_roles', 'user_profile_completion'],
  coaches: ['experts', 'expert_slugs'],
  'question-records': ['questions', 'ratings', 'reviews'],
  messages: ['question_messages'],
  payments: [
    'checkout_sessions',
    'extra_payments',
    'payouts',
    'receipt_counter',
    'receipts',
    'processed_provider_events',
  ],
  admin: ['admin_accounts', 'admin_sessions', 'admin_audit_log', 'admin_attempt_limits'],
  'abuse-reports': ['abuse_reports'],
  contact: ['contact_messages'],
  'rate-limits': ['rate_limits'],
  mail: ['mail_outbox'],
  notifications: ['notification_preferences'],
  events: ['event_journal'],
  attachments: ['attachments', 'uploads_in_flight'],
  'video-reviews': ['video_reviews'],
  'reference-clips': ['reference_clips'],
} as const satisfies Record<string, readonly string[]>;

export type OwnerModule = keyof typeof OWNED_TABLES;
export type OwnedTable = (typeof OWNED_TABLES)[OwnerModule][number];

/** The owner of each table. */
export const TABLE_OWNERS: ReadonlyMap<OwnedTable, OwnerModule> = new Map(
  Object.entries(OWNED_TABLES).flatMap(([owner, tables]) =>
    tables.map((table) => [table, owner as OwnerModule] as const),
  ),
);

/**
 * Writes outside the modules, each with why. Nothing needs one today: the migrations are SQL
 * files the runner applies (not scanned), and backup and restore copy whole databases.
 */
export const WRITES_OUTSIDE_MODULES: readonly { file: string; table: OwnedTable; why: string }[] =
  [];
