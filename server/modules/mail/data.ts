import { and, count, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { MAIL_DELIVERY_TIMEOUT_MS } from '../../adapters/mail/types';
import type { Database, Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { QueuedMail, RenderedMail, StoredInlineImage, StoredMailContent } from './compose';

/**
 * The delivery rules, in one place (ADR 041). A message is tried at most MAIL_MAX_ATTEMPTS times;
 * after failed attempt n the next waits 2^(n-1) minutes (1, 2, 4, 8).
 */
export const MAIL_MAX_ATTEMPTS = 5;
/**
 * How long a claimed message is its sender's alone. It outlasts the transport's own limit on one
 * message (MAIL_DELIVERY_TIMEOUT_MS) so that, in normal operation, no other process sends it again;
 * a sender that died leaves a claim that becomes due once the lease has passed.
 */
export const MAIL_CLAIM_LEASE_MINUTES = 2 * Math.ceil(MAIL_DELIVERY_TIMEOUT_MS / 60_000);
const retryDelayMinutes = (attempts: number) => 2 ** (attempts - 1);
/** A question id anywhere in a message: every e-mail that names another person carries one. */
const QUESTION_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Queues a message in the caller's transaction, so it is sent only if the change it reports commits.
 * The mail module's own primitive: other modules queue content (`queueMail`), which the delivery job
 * renders (ADR 095); a test may plant a message already rendered, as rows queued before were.
 */
export async function enqueueMail(db: Executor, message: QueuedMail | RenderedMail): Promise<void> {
  await db.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    ...('content' in message
      ? { kind: message.kind, content: message.content }
      : { text: message.text, html: message.html ?? null }),
    headers: message.headers ?? null,
    inlineImages: message.inlineImages?.length ? message.inlineImages : null,
  });
}

/** At most `perRecipient` messages of one kind to one address in any `windowMinutes`. */
export interface RecipientCap {
  perRecipient: number;
  windowMinutes: number;
}

/**
 * Queues `message` unless `cap` messages with its subject (a mail's subject names its kind) went to
 * the same address within the window; returns whether it was queued. The count is of outbox rows,
 * under a lock per address, so every process and every source address shares one budget.
 */
export async function enqueueMailWithinCap(
  db: Database,
  message: QueuedMail,
  cap: RecipientCap,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-cap:${message.to}`}))`);
    const [sent] = await tx
      .select({ count: count() })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, message.to),
          eq(mailOutbox.subject, message.subject),
          gt(mailOutbox.createdAt, sql`now() - make_interval(mins => ${cap.windowMinutes})`),
        ),
      );
    if ((sent?.count ?? 0) >= cap.perRecipient) return false;
    await enqueueMail(tx, message);
    return true;
  });
}

export type ClaimedMail = typeof mailOutbox.$inferSelect;

/** Oldest due message first (the database's clock set next_attempt_at, finer than a JS Date). */
const due = and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`));

/**
 * Claims the oldest due message in one short statement and commits: the attempt is counted and
 * the message is not due again until the lease has passed. SKIP LOCKED lets every process claim
 * at once, each a different message. The returned `attempts` is the claim's token: recording
 * checks it, so the outcome of a claim that outlived its lease cannot overwrite a newer one.
 */
export async function claimDueMail(db: Executor): Promise<ClaimedMail | null> {
  const next = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(due, lt(mailOutbox.attempts, MAIL_MAX_ATTEMPTS)))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(mins => ${MAIL_CLAIM_LEASE_MINUTES})`,
    })
    .where(inArray(mailOutbox.id, next))
    .returning();
  return claimed ?? null;
}

/**
 * The claim's message went out, as `rendered` (ADR 095: what was sent stays readable on the row,
 * and deletion rewrites it there); a row queued already rendered keeps its text and HTML. Kept only
 * if the content is still what was rendered: a deletion that scrubbed it meanwhile (ADR 041: the
 * message was already on its way) must not get the person's names back on the row.
 */
export async function recordMailSent(
  db: Executor,
  mail: ClaimedMail,
  rendered?: { text: string; html: string },
): Promise<void> {
  const unchanged = sql`${mailOutbox.content} = ${JSON.stringify(mail.content)}::jsonb`;
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: new Date(),
      ...(rendered
        ? {
            text: sql`case when ${unchanged} then ${rendered.text}::text end`,
            html: sql`case when ${unchanged} then ${rendered.html}::text end`,
          }
        : {}),
    })
    .where(claimStillHeld(mail));
}

/** The claim's attempt failed: due again after the back-off, or given up after the last one. */
export async function recordMailFailed(
  db: Executor,
  mail: ClaimedMail,
  error: string,
): Promise<void> {
  const last = mail.attempts >= MAIL_MAX_ATTEMPTS;
  await db
    .update(mailOutbox)
    .set({
      lastError: error,
      status: last ? 'failed' : 'pending',
      // A failed message's next_attempt_at is when it gave up (the Failed jobs list shows it).
      nextAttemptAt: last
        ? sql`now()`
        : sql`now() + make_interval(mins => ${retryDelayMinutes(mail.attempts)})`,
    })
    .where(claimStillHeld(mail));
}

const claimStillHeld = (mail: ClaimedMail) =>
  and(
    eq(mailOutbox.id, mail.id),
    eq(mailOutbox.status, 'pending'),
    eq(mailOutbox.attempts, mail.attempts),
  );

/** Messages whose last attempt was claimed and never recorded (its sender died) are given up. */
export async function giveUpAbandonedLastAttempts(db: Executor): Promise<{ id: string }[]> {
  return db
    .update(mailOutbox)
    .set({
      status: 'failed',
      lastError: 'the last attempt never finished (its claim expired)',
      nextAttemptAt: sql`now()`,
    })
    .where(and(due, gte(mailOutbox.attempts, MAIL_MAX_ATTEMPTS)))
    .returning({ id: mailOutbox.id });
}

/**
 * Messages that used every attempt, newest first: the administrators' Failed jobs list shows
 * them (ADR 050), so no e-mail is dropped without anyone knowing.
 */
export function failedMail(db: Executor, limit: number) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      failedAt: mailOutbox.nextAttemptAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'failed'))
    .orderBy(desc(mailOutbox.nextAttemptAt))
    .limit(limit);
}

/** Messages waiting to be sent and messages given up, for the metrics. */
export async function mailQueueCounts(db: Executor): Promise<{ waiting: number; failed: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')::int`,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'failed']));
  return { waiting: Number(row?.waiting ?? 0), failed: Number(row?.failed ?? 0) };
}

/**
 * An administrator's Retry: a failed message is due again now with a fresh set of attempts.
 * False when no failed message has that id (sent since, or never failed).
 */
export async function retryFailedMail(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** The dev mailbox: the newest messages, for reading links without an SMTP server. */
export function recentMail(db: Executor, limit = 50) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      content: mailOutbox.content,
      headers: mailOutbox.headers,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}

/** Mail addressed to any of `emails` (lower-cased), sent or not, is deleted. */
export async function deleteMailTo(tx: Executor, emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  await tx.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, emails));
}

/**
 * The messages that name one of these questions (by its id anywhere in the text, or, for one not
 * rendered yet, in what it says: its links carry the id).
 */
export function mailAboutQuestions(tx: Executor, questionIds: string[]) {
  const said = sql`coalesce(${mailOutbox.text}, '') || ' ' || coalesce(${mailOutbox.content}::text, '')`;
  return tx
    .select({
      id: mailOutbox.id,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      content: mailOutbox.content,
      inlineImages: mailOutbox.inlineImages,
    })
    .from(mailOutbox)
    .where(
      sql`exists (select 1 from regexp_matches(${said}, ${QUESTION_ID}, 'g') as found(ids)
        where found.ids[1] in (select jsonb_array_elements_text(${JSON.stringify(questionIds)}::jsonb)))`,
    );
}

/** A stored message rewritten so it no longer names a deleted person. */
export async function rewriteMail(
  tx: Executor,
  id: string,
  content: {
    subject: string;
    text: string | null;
    html: string | null;
    content: StoredMailContent | null;
    inlineImages: StoredInlineImage[] | null;
  },
): Promise<void> {
  await tx.update(mailOutbox).set(content).where(eq(mailOutbox.id, id));
}
