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
        kind: 'email-change-confirmation',
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
        kind: 'account-confirmation',
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
    kind: 'password-reset',
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

/**
 * The old address hears that the account moved to another (issue 25): if it was not its owner who
 * did it, this is how they learn of it and where to get help.
 */
export function emailChangedEmail(
  user: { name: string },
  addresses: { old: string; new: string },
  contactUrl: string,
): MailContent {
  return {
    kind: 'email-changed',
    to: addresses.old,
    subject: 'Your Playbook e-mail address was changed',
    greeting: `Hi ${user.name},`,
    paragraphs: [
      `The e-mail address of your Playbook account was changed from ${addresses.old} to ${addresses.new}. Messages and sign-in now use the new address.`,
      "If you didn't make this change, someone else may have access to your account: contact us right away with the button below and we will help you get it back.",
    ],
    action: { label: 'Contact us', url: contactUrl },
  };
}

/** The person hears that their password changed, whether by Account Settings or a reset link. */
export function passwordChangedEmail(
  user: { name: string; email: string },
  contactUrl: string,
): MailContent {
  return {
    kind: 'password-changed',
    to: user.email,
    subject: 'Your Playbook password was changed',
    greeting: `Hi ${user.name},`,
    paragraphs: [
      'The password of your Playbook account was just changed, and your other devices were signed out.',
      "If you didn't make this change, reset your password from the sign-in page and contact us with the button below: we will help you secure your account.",
    ],
    action: { label: 'Contact us', url: contactUrl },
  };
}
