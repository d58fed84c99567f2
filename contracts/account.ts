import { z } from 'zod';

export const ROLES = ['asker', 'expert'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** How the UI names each role. */
export const ROLE_LABEL: Record<Role, string> = { asker: 'Player', expert: 'Coach' };

export const roleInputSchema = z.object({ role: roleSchema });

/** Who is signed in and what they may do; `user: null` for a visitor. */
export const accountSchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  roles: z.array(roleSchema),
  activeRole: roleSchema.nullable(),
  profileCompleted: z.object({ asker: z.boolean(), expert: z.boolean() }),
  expertId: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

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

/** The extra field our sign-up form sends with better-auth's body. */
export const signUpAgreementSchema = z.object({
  acceptTerms: z.literal(true, {
    message: `${SIGN_UP_MESSAGES.agreementRequired.title} ${SIGN_UP_MESSAGES.agreementRequired.description}`,
  }),
});
