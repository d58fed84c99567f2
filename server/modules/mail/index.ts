/**
 * The mail module's public surface: the outbox every change queues its e-mails in. Other modules
 * hand it content (`MailContent`); it composes every message the same way (HTML and plain text).
 */
export type { MailContent } from './compose';
export {
  deliverDueMail,
  // A finished message as it is, for tests that plant one; modules queue content (lint says so).
  enqueueMail,
  forgetPersonInMail,
  queueMail,
  queueMailWithinCap,
  type RecipientCap,
} from './outbox';
export type { MailPerson } from './scrub';
export { devMailboxRoutes } from './routes';
