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

export const signUpFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
    email: z
      .string()
      .trim()
      .min(1, 'Email is required')
      .pipe(z.email('Please enter a valid email address')),
    password: z
      .string()
      .min(8, 'Password must be at least 8 characters')
      .max(128, 'Password must be at most 128 characters'),
  })
  .extend(signUpAgreementSchema.shape);
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const signInFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Please enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
  asCoach: z.boolean(),
});
export type SignInForm = z.infer<typeof signInFormSchema>;
