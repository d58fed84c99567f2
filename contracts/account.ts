/** Roles, the account shape and account messages; no zod here, so the app's entry chunk stays small. */
export const ROLES = ['asker', 'expert'] as const;
export type Role = (typeof ROLES)[number];

/** How the UI names each role. */
export const ROLE_LABEL: Record<Role, string> = { asker: 'Player', expert: 'Coach' };

/** Who is signed in and what they may do; `user: null` for a visitor. */
export interface Account {
  user: { id: string; name: string; email: string } | null;
  roles: Role[];
  activeRole: Role | null;
  profileCompleted: Record<Role, boolean>;
  coachId: string | null;
}

export const ACCOUNT_MESSAGES = {
  signInRequired: 'Please sign in to continue.',
  roleRequired: "You don't have access to this page.",
  coachRoleNotFound: 'Coach role not found',
  roleSetupFailed: 'Failed to set up your account. Please try again.',
  roleActivationFailed: 'Could not activate the chosen role. Please try again.',
} as const;

/** The account settings page and the account recovery flows (issue 13). */
export const SETTINGS_MESSAGES = {
  wrongPassword: 'That password is not right.',
  deleteBlockedQuestionAsked:
    'You have a paid question waiting for an answer. You can delete your account once it has been answered or refunded.',
  deleteBlockedPayout:
    'A payout is still on its way to you. You can delete your account once it has been paid.',
  deleted: {
    title: 'Account deleted:',
    description: 'Your personal data has been removed. Thank you for using Playbook.',
  },
  passwordChanged: {
    title: 'Password changed:',
    description: 'You are still signed in here; every other device was signed out.',
  },
  emailChangeSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your e-mail changes once you open it.`,
  emailChanged: 'Your e-mail address has been changed.',
  resetLinkSent:
    'If an account uses that e-mail, we sent it a link to choose a new password. The link works once, for one hour.',
  passwordReset: {
    title: 'Password changed:',
    description: 'Sign in with your new password. Every device that was signed in was signed out.',
  },
  resetLinkInvalid:
    'This link to reset your password has expired or was already used. Ask for a new one.',
  confirmationSent: (email: string) => `We sent a new confirmation link to ${email}.`,
  emailNotConfirmed: 'Please confirm your e-mail address first: open the link we sent you.',
  emailConfirmed: 'Your e-mail is confirmed. Sign in to continue.',
  confirmationLinkInvalid:
    'This confirmation link has expired or was already used. Sign in or ask for a new link below.',
} as const;

export const SIGN_UP_MESSAGES = {
  agreementRequired: {
    title: 'Agreement required:',
    description: 'Please agree to the terms and conditions and privacy policy.',
  },
  checkEmail: 'Please check your email to confirm your account.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;
