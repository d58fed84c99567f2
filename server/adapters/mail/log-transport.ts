import type { Logger } from 'pino';
import type { MailTransport } from './types';

/**
 * The embedded default: nothing leaves the machine. The message stays in the mail_outbox table
 * (readable on the dev mailbox page) and its text, links included, goes to the log.
 */
export function createLogTransport(logger: Logger): MailTransport {
  return {
    name: 'outbox',
    async deliver(message) {
      logger.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        'mail',
      );
      // The images themselves stay out of the log: the poster is a private file (ADR 093).
      const images = message.inlineImages?.length ?? 0;
      if (images > 0) {
        logger.info(
          { mail: { to: message.to, subject: message.subject, inlineImages: images } },
          `mail carries ${images} inline ${images === 1 ? 'image' : 'images'}`,
        );
      }
    },
  };
}
