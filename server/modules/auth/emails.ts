import type { MailContent } from '../mail';
import { verificationTokenClaims } from './signup-browser';

/**
 * The link of a sign-up, of a resend, or of an e-mail change (better-auth sends all three through
 * one hook; the signed token says which, and `user.email` is already the address to confirm).
 */
export function verificationEmail(
  user: { name: string; email: string },
  url: string,
  token: string,
): MailContent {
  const change = verificationTokenClaims(token)?.updateTo !== undefined;
  return change
    ? {
        to: user.email,
        subject: 'Confirm your new Playbook e-mail address',
        greeting: `Hi ${user.name},`,
        paragraphs: [
          'You asked to use this address for your Playbook account. It changes once you confirm it; the link works for 24 hours.',
          "If you didn't ask for this, ignore this message: nothing changes.",
        ],
        action: { label: 'Confirm my new address', url },
      }
    : {
        to: user.email,
        subject: 'Confirm your Playbook account',
        greeting: `Hi ${user.name},`,
        paragraphs: [
          'Confirm your e-mail address to start using Playbook. The link works for 24 hours.',
          "If you didn't sign up, you can ignore this message.",
        ],
        action: { label: 'Confirm my e-mail', url },
      };
}

export function resetPasswordEmail(
  user: { name: string; email: string },
  url: string,
): MailContent {
  return {
    to: user.email,
    subject: 'Reset your Playbook password',
    greeting: `Hi ${user.name},`,
    paragraphs: [
      'Someone asked to reset the password of your Playbook account. Choose a new one with the button below; the link works once, for one hour, and signs out every device.',
      "If it wasn't you, ignore this message: your password stays as it is.",
    ],
    action: { label: 'Choose a new password', url },
  };
}
