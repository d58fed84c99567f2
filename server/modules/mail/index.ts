/** The mail module's public surface: the outbox every change queues its e-mails in. */
export { composeMail, type MailContent } from './compose';
export { deliverDueMail, enqueueMail, enqueueMailWithinCap, type RecipientCap } from './outbox';
export { devMailboxRoutes } from './routes';
