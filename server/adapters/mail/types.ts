/**
 * A file carried inside the message and shown where its HTML names `cid:{cid}` (ADR 093): the
 * review's poster frame, so the e-mail needs no link to a private file.
 */
export interface InlineImage {
  cid: string;
  content: Buffer;
  contentType: string;
  filename: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, ADR 057); nodemailer sends them as given. */
  headers?: Record<string, string>;
  inlineImages?: InlineImage[];
}

/** Delivers one message; throws when delivery fails so the outbox can retry. */
export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  deliver(message: MailMessage): Promise<void>;
}

/**
 * A transport gives up on one message within this (the SMTP transport's connection, greeting and
 * idle limits add up to it); the outbox's claim lease outlasts it.
 */
export const MAIL_DELIVERY_TIMEOUT_MS = 2 * 60_000;
