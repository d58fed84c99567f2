import { and, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { MailMessage, MailTransport } from '../../adapters/mail/types';
import type { Database, Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { scrubbed, type MailPerson } from './scrub';

export const MAIL_MAX_ATTEMPTS = 5;
/** A question id anywhere in a message: every e-mail that names another person carries one. */
const QUESTION_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const BATCH_SIZE = 20;

/** Queues a message in the caller's transaction, so it is sent only if the change it reports commits. */
export async function enqueueMail(db: Executor, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values({ ...message, html: message.html ?? null });
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
  message: MailMessage,
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

/**
 * Sends what is due. Rows are claimed with FOR UPDATE SKIP LOCKED, so every process may run this
 * sweep at once without sending a message twice.
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  logger: Logger,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(mailOutbox)
      // The database's clock, which set next_attempt_at (in microseconds, finer than a JS Date).
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const sent: string[] = [];
    for (const mail of due) {
      try {
        await transport.deliver({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
        });
        sent.push(mail.id);
      } catch (err) {
        const attempts = mail.attempts + 1;
        logger.warn({ err, mailId: mail.id, attempts }, 'mail delivery failed');
        await tx
          .update(mailOutbox)
          .set({
            attempts,
            lastError: err instanceof Error ? err.message : String(err),
            status: attempts >= MAIL_MAX_ATTEMPTS ? 'failed' : 'pending',
            // Back off exponentially: 1, 2, 4, 8 minutes.
            nextAttemptAt: sql`now() + make_interval(mins => ${2 ** (attempts - 1)})`,
          })
          .where(eq(mailOutbox.id, mail.id));
      }
    }
    if (sent.length > 0) {
      await tx
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1` })
        .where(inArray(mailOutbox.id, sent));
    }
    return sent.length;
  });
}

/** The dev mailbox: the newest messages, for reading links without an SMTP server. */
export function recentMail(db: Executor, limit = 50) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}

/**
 * Deletion (issue 21): stored and queued e-mails stop naming the person. Mail addressed to them
 * goes, sent or not (there is no account left to act on it, and the row is their data); mail to
 * others about one of their questions keeps its recipient and has the person's names and addresses
 * replaced in subject, text and HTML. Only those messages are rewritten, so a common word that is
 * also someone's name is left alone everywhere else.
 */
export async function forgetPersonInMail(
  tx: Executor,
  person: MailPerson,
  anonymous: { name: string; email: string },
): Promise<void> {
  const emails = [...new Set(person.emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const names = [...new Set(person.names.map((n) => n.trim()).filter(Boolean))].filter(
    (name) => name !== anonymous.name,
  );
  if (emails.length > 0) {
    await tx.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, emails));
  }
  if (person.questionIds.length === 0) return;
  const about = await tx
    .select({
      id: mailOutbox.id,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
    })
    .from(mailOutbox)
    .where(
      sql`exists (select 1 from regexp_matches(${mailOutbox.text}, ${QUESTION_ID}, 'g') as found(ids)
        where found.ids[1] in (select jsonb_array_elements_text(${JSON.stringify(person.questionIds)}::jsonb)))`,
    );
  const who = { names, emails };
  for (const mail of about) {
    const next = {
      subject: scrubbed(mail.subject, who, anonymous, false),
      text: scrubbed(mail.text, who, anonymous, false),
      html: mail.html === null ? null : scrubbed(mail.html, who, anonymous, true),
    };
    if (next.subject !== mail.subject || next.text !== mail.text || next.html !== mail.html) {
      await tx.update(mailOutbox).set(next).where(eq(mailOutbox.id, mail.id));
    }
  }
}
