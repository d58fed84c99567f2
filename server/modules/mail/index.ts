/**
 * The mail module's public surface: the outbox every change queues its e-mails in. Other modules
 * hand it content (`MailContent`); it composes every message the same way (HTML and plain text).
 */
export type { MailContent, MailImage, MailParagraph, SummaryRow } from './compose';
export { questionSummary, type QuestionSummaryParts } from './question-summary';
// A finished message as it is, for tests that plant one; modules queue content (lint says so).
export { enqueueMail, type RecipientCap } from './data';
// The Failed jobs list and its Retry (admin), and the queue's figures (metrics), ADR 050.
export { failedMail, mailQueueCounts, retryFailedMail } from './data';
export { MAIL_KINDS, optionalCategory, type MailKind } from './kinds';
export {
  deliverDueMail,
  forgetPersonInMail,
  queueMail,
  queueMailWithinCap,
  // What a stored message says when it goes out (tests read queued mail through it).
  renderedMail,
  type MailConfig,
} from './outbox';
export type { MailPerson } from './scrub';
export { devMailboxRoutes } from './routes';
