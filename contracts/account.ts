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
  expertId: string | null;
}

export const ACCOUNT_MESSAGES = {
  signInRequired: 'Please sign in to continue.',
  roleRequired: "You don't have access to this page.",
  coachRoleNotFound: 'Coach role not found',
  roleSetupFailed: 'Failed to set up your account. Please try again.',
  roleActivationFailed: 'Could not activate the chosen role. Please try again.',
} as const;

export const SIGN_UP_MESSAGES = {
  agreementRequired: {
    title: 'Agreement required:',
    description: 'Please agree to the terms and conditions and privacy policy.',
  },
  checkEmail: 'Please check your email to confirm your account.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;
