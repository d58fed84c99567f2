/** The mail module's public surface: the outbox every change queues its e-mails in. */
export { composeMail, type MailContent } from './compose';
export {
  deliverDueMail,
  enqueueMail,
  enqueueMailWithinCap,
  forgetPersonInMail,
  type RecipientCap,
} from './outbox';
export type { MailPerson } from './scrub';
export { devMailboxRoutes } from './routes';
