import nodemailer from 'nodemailer';
import { MAIL_DELIVERY_TIMEOUT_MS, type MailTransport } from './types';

/**
 * nodemailer waits up to 2 minutes to connect and 10 for an idle socket by default; bounded here so
 * a stalled server fails the attempt (retried later) well within the outbox's claim lease. Settings
 * in the URL's query still win.
 */
const limits = {
  connectionTimeout: MAIL_DELIVERY_TIMEOUT_MS / 4,
  greetingTimeout: MAIL_DELIVERY_TIMEOUT_MS / 4,
  socketTimeout: MAIL_DELIVERY_TIMEOUT_MS / 2,
};

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...limits });
  return {
    name: 'smtp',
    async deliver({ inlineImages = [], ...message }) {
      await transporter.sendMail({
        from,
        ...message,
        // A part with a Content-ID makes nodemailer send multipart/related, the HTML's `cid:` image.
        attachments: inlineImages.map((image) => ({ ...image, contentDisposition: 'inline' })),
      });
    },
  };
}
