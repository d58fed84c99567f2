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
  contentWithoutImages,
  prepareMail,
  renderMail,
  withoutImages,
  type MailContent,
  type QueuedMail,
  type StoredInlineImage,
  type StoredMailContent,
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

/** What queueing needs of the configuration: the links' origin and the signing secret. */
export type MailConfig = Pick<Config, 'PUBLIC_URL' | 'APP_SECRET'>;

/**
 * The message as it is queued, or null when its recipient turned its kind off (ADR 057). Decided
 * here, at queue time, in the caller's transaction: a kind a person may turn off is looked up
 * against the account of its address, and carries that account's signed unsubscribe link (in its
 * footer and as RFC 8058's List-Unsubscribe headers). An address without an account gets the
 * category's default and no link (there is nobody to hold the preference). The lookup and the
 * HMAC are all the work done here: the delivery job renders the message (ADR 095).
 */
async function prepareFor(
  db: Executor,
  config: MailConfig,
  content: MailContent,
): Promise<QueuedMail | null> {
  const category = optionalCategory(content.kind);
  if (!category) return prepareMail(content);
  const choice = await recipientChoice(db, content.to, category);
  if (!choice) return NOTIFICATION_DEFAULTS[category] ? prepareMail(content) : null;
  if (!choice.enabled) return null;
  const token = signUnsubscribeToken(config.APP_SECRET, choice.userId, category);
  return prepareMail(content, {
    url: `${config.PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(token)}`,
    label: NOTIFICATION_LABELS[category],
  });
}

/**
 * Queues an e-mail in the caller's transaction, unless its recipient turned its kind off; returns
 * whether it was queued. The delivery job renders it by the one pipeline (react-email: HTML and
 * plain text, ADR 041), outside any transaction (ADR 095). Other modules queue mail only through
 * this (or the capped form below).
 */
export async function queueMail(
  db: Executor,
  config: MailConfig,
  content: MailContent,
): Promise<boolean> {
  const message = await prepareFor(db, config, content);
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
  const message = await prepareFor(db, config, content);
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
 * The message's HTML and text as they go out: rendered from what it says (ADR 095), or as stored
 * for a row queued already rendered (before migration 0029, or planted by a test).
 */
export async function renderedMail(mail: {
  subject: string;
  text: string | null;
  html: string | null;
  content: StoredMailContent | null;
}): Promise<{ text: string; html: string | null; rendered: boolean }> {
  if (mail.content && mail.text === null) {
    return {
      ...(await renderMail({ subject: mail.subject, content: mail.content })),
      rendered: true,
    };
  }
  return { text: mail.text ?? '', html: mail.html, rendered: false };
}

/**
 * Sends what is due: claim, render, send, record (ADR 041, 095), like the money paths. No
 * transaction is open while the message is rendered or the transport works, so neither holds a
 * lock or a connection; every process may run this sweep at once without sending a message twice.
 * What was sent is recorded on the row with the send. `files` is where the inline images a message
 * names are read from (the attachments' storage); a deliverer without it sends messages without
 * them.
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
    let sentAs: { text: string; html: string } | undefined;
    try {
      const { text, html, rendered } = await renderedMail(mail);
      const { images, leftOut } = await inlineImagesOf(mail, files, logger);
      const sentHtml = html === null ? undefined : withoutImages(html, leftOut);
      if (rendered && sentHtml !== undefined) sentAs = { text, html: sentHtml };
      await transport.deliver({
        to: mail.to,
        subject: mail.subject,
        text,
        html: sentHtml,
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
    await recordMailSent(db, mail, sentAs);
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
  const scrub = (text: string, html: boolean) => scrubbed(text, who, anonymous, html);
  for (const mail of await mailAboutQuestions(tx, person.questionIds)) {
    const images = (mail.inlineImages ?? []).map((image) => image.cid);
    const next = {
      subject: scrub(mail.subject, false),
      text: mail.text === null ? null : scrub(mail.text, false),
      html: mail.html === null ? null : withoutImages(scrub(mail.html, true), images),
      // A message not sent yet is rendered from this: it must not name the person either.
      content:
        mail.content === null
          ? null
          : scrubbedContent(contentWithoutImages(mail.content, images), scrub),
      inlineImages: null,
    };
    const changed =
      next.subject !== mail.subject ||
      next.text !== mail.text ||
      next.html !== mail.html ||
      JSON.stringify(next.content) !== JSON.stringify(mail.content);
    if (changed || images.length > 0) await rewriteMail(tx, mail.id, next);
  }
}

/** Every text of a message's content scrubbed, its links and image references included. */
function scrubbedContent(
  content: StoredMailContent,
  scrub: (text: string, html: boolean) => string,
): StoredMailContent {
  const strings = (value: unknown): unknown =>
    typeof value === 'string'
      ? scrub(value, false)
      : Array.isArray(value)
        ? value.map(strings)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([key, v]) => [key, strings(v)]))
          : value;
  // The same shape back: only its strings changed.
  return strings(content) as StoredMailContent;
}
