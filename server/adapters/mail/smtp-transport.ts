import nodemailer from 'nodemailer';
import type { MailTransport } from './types';

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async deliver(message) {
      await transporter.sendMail({ from, ...message });
    },
  };
}
