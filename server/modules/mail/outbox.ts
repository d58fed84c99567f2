import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { NOTIFICATION_DEFAULTS, NOTIFICATION_LABELS } from '../../../contracts/notifications';
import {
  MAIL_DELIVERY_TIMEOUT_MS,
  type InlineImage,
  type MailTransport,
} from '../../adapters/mail/types';
import type { PrivateFiles } from '../../adapters/storage/private-files';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { recipientChoice, signUnsubscribeToken } from '../notifications';
import {
  composeMail,
  withoutImages,
  type MailContent,
  type QueuedMail,
  type StoredInlineImage,
} from './compose';
import { optionalCategory } from './kinds';
import {
  claimDueMail,
  deleteMailTo,
  enqueueMail,
  enqueueMailWithinCap,
  giveUpAbandonedLastAttempts,
  mailAboutQuestions,
  MAIL_MAX_ATTEMPTS,
  recordMailFailed,
  recordMailSent,
  rewriteMail,
  type ClaimedMail,
  type RecipientCap,
} from './data';
import { scrubbed, type MailPerson } from './scrub';

/** Messages one sweep sends at most, one claim at a time: a claim's lease covers one message. */
const BATCH_SIZE = 20;
/**
 * How long reading one inline image from storage may take (they are read at once): with the
 * transport's own limit it stays within the claim's lease.
 */
const INLINE_IMAGE_READ_TIMEOUT_MS = MAIL_DELIVERY_TIMEOUT_MS / 4;

/** What composing needs of the configuration: the links' origin and the signing secret. */
export type MailConfig = Pick<Config, 'PUBLIC_URL' | 'APP_SECRET'>;

/**
 * The message as it goes out, or null when its recipient turned its kind off (ADR 057). Decided
 * here, at queue time, in the caller's transaction: a kind a person may turn off is looked up
 * against the account of its address, and carries that account's signed unsubscribe link (in its
 * footer and as RFC 8058's List-Unsubscribe headers). An address without an account gets the
 * category's default and no link (there is nobody to hold the preference).
 */
async function composeFor(
  db: Executor,
  config: MailConfig,
  content: MailContent,
): Promise<QueuedMail | null> {
  const category = optionalCategory(content.kind);
  if (!category) return composeMail(content);
  const choice = await recipientChoice(db, content.to, category);
  if (!choice) return NOTIFICATION_DEFAULTS[category] ? composeMail(content) : null;
  if (!choice.enabled) return null;
  const token = signUnsubscribeToken(config.APP_SECRET, choice.userId, category);
  return composeMail(content, {
    url: `${config.PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(token)}`,
    label: NOTIFICATION_LABELS[category],
  });
}

/**
 * Queues an e-mail composed by the one pipeline (react-email: HTML and plain text, ADR 041) in the
 * caller's transaction, unless its recipient turned its kind off; returns whether it was queued.
 * Other modules queue mail only through this (or the capped form below).
 */
export async function queueMail(
  db: Executor,
  config: MailConfig,
  content: MailContent,
): Promise<boolean> {
  const message = await composeFor(db, config, content);
  if (message) await enqueueMail(db, message);
  return message !== null;
}

/** Queues `content` unless its recipient had `cap` messages of its kind within the window. */
export async function queueMailWithinCap(
  db: Database,
  config: MailConfig,
  content: MailContent,
  cap: RecipientCap,
): Promise<boolean> {
  const message = await composeFor(db, config, content);
  return message !== null && enqueueMailWithinCap(db, message, cap);
}

/**
 * A stored file's bytes, or null when it is gone: disk reads the file, S3 a presigned GET (the
 * transcode reads a recording the same way, ADR 090).
 */
async function readStoredFile(
  files: PrivateFiles,
  image: StoredInlineImage,
): Promise<Buffer | null> {
  const local = await files.local(image.key);
  if (local) {
    try {
      return await readFile(local.path);
    } catch (error) {
      // Removed between the two reads.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
  if (files.driver === 'disk') return null;
  const url = await files.presign({
    key: image.key,
    contentType: image.contentType,
    disposition: 'inline',
    fileName: image.filename,
    expiresInSeconds: 60,
  });
  const response = await fetch(url, { signal: AbortSignal.timeout(INLINE_IMAGE_READ_TIMEOUT_MS) });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`inline image not read: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * The claimed message's inline images read from storage (ADR 093), and the ones left out: a file
 * that is gone (the Coach's files were removed) never fails the message. A read that fails fails
 * the attempt, to be retried, except on the last attempt, when the image is left out too: a
 * poster never costs the Player the e-mail.
 */
async function inlineImagesOf(
  mail: ClaimedMail,
  files: PrivateFiles | undefined,
  logger: Logger,
): Promise<{ images: InlineImage[]; leftOut: string[] }> {
  const stored = mail.inlineImages ?? [];
  if (stored.length === 0) return { images: [], leftOut: [] };
  if (!files) {
    logger.warn({ mailId: mail.id }, 'mail sent without its inline images: no storage to read');
    return { images: [], leftOut: stored.map((image) => image.cid) };
  }
  const read = await Promise.all(
    stored.map(async (image) => {
      try {
        return { image, content: await readStoredFile(files, image) };
      } catch (error) {
        if (mail.attempts < MAIL_MAX_ATTEMPTS) throw error;
        logger.warn(
          { err: error, mailId: mail.id },
          'mail sent without an unreadable inline image',
        );
        return { image, content: null };
      }
    }),
  );
  const images: InlineImage[] = [];
  const leftOut: string[] = [];
  for (const { image, content } of read) {
    const { cid, contentType, filename } = image;
    if (content) images.push({ cid, content, contentType, filename });
    else leftOut.push(image.cid);
  }
  return { images, leftOut };
}

/**
 * Sends what is due: claim, send, record (ADR 041), like the money paths. No transaction is open
 * while the transport works, so a stalled SMTP server holds no lock and no connection; every
 * process may run this sweep at once without sending a message twice. `files` is where the
 * inline images a message names are read from (the attachments' storage); a deliverer without it
 * sends messages without them.
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  logger: Logger,
  files?: PrivateFiles,
): Promise<number> {
  for (const { id } of await giveUpAbandonedLastAttempts(db)) {
    logger.error({ mailId: id }, 'mail given up: its last attempt never finished');
  }
  let sent = 0;
  for (let i = 0; i < BATCH_SIZE; i++) {
    const mail = await claimDueMail(db);
    if (!mail) break;
    try {
      const { images, leftOut } = await inlineImagesOf(mail, files, logger);
      await transport.deliver({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html === null ? undefined : withoutImages(mail.html, leftOut),
        headers: mail.headers ?? undefined,
        ...(images.length > 0 ? { inlineImages: images } : {}),
      });
    } catch (err) {
      const entry = { err, mailId: mail.id, attempts: mail.attempts };
      // The last attempt: the message is listed in the administrators' Failed jobs (ADR 050).
      if (mail.attempts >= MAIL_MAX_ATTEMPTS)
        logger.error(entry, 'mail given up after its attempts');
      else logger.warn(entry, 'mail delivery failed, will retry');
      await recordMailFailed(db, mail, err instanceof Error ? err.message : String(err));
      continue;
    }
    await recordMailSent(db, mail);
    sent++;
  }
  return sent;
}

/**
 * Deletion (issue 21): stored and queued e-mails stop naming the person. Mail addressed to them
 * goes, sent or not (there is no account left to act on it, and the row is their data); mail to
 * others about one of their questions keeps its recipient and has the person's names and addresses
 * replaced in subject, text and HTML. Only those messages are rewritten, so a common word that is
 * also someone's name is left alone everywhere else. Those messages also lose their inline images
 * (ADR 093): the only ones are the posters of the question's reviews, the Coach's files, which go
 * with the Coach's account; mail to the Player, the only one that carries them, goes with theirs.
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
  await deleteMailTo(tx, emails);
  if (person.questionIds.length === 0) return;
  const who = { names, emails };
  for (const mail of await mailAboutQuestions(tx, person.questionIds)) {
    const images = (mail.inlineImages ?? []).map((image) => image.cid);
    const next = {
      subject: scrubbed(mail.subject, who, anonymous, false),
      text: scrubbed(mail.text, who, anonymous, false),
      html:
        mail.html === null
          ? null
          : withoutImages(scrubbed(mail.html, who, anonymous, true), images),
      inlineImages: null,
    };
    const changed =
      next.subject !== mail.subject || next.text !== mail.text || next.html !== mail.html;
    if (changed || images.length > 0) await rewriteMail(tx, mail.id, next);
  }
}
