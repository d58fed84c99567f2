import { z } from 'zod';
import { ROLES, SIGN_UP_MESSAGES } from './account';

export const roleSchema = z.enum(ROLES);
export const roleInputSchema = z.object({ role: roleSchema });

export const accountSchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  roles: z.array(roleSchema),
  activeRole: roleSchema.nullable(),
  profileCompleted: z.object({ asker: z.boolean(), expert: z.boolean() }),
  expertId: z.string().nullable(),
});

/** The extra field our sign-up form sends with better-auth's body. */
export const signUpAgreementSchema = z.object({
  acceptTerms: z.literal(true, {
    message: `${SIGN_UP_MESSAGES.agreementRequired.title} ${SIGN_UP_MESSAGES.agreementRequired.description}`,
  }),
});

const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Please enter a valid email address'));

export const signUpFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
    email,
    password: z
      .string()
      .min(8, 'Password must be at least 8 characters')
      .max(128, 'Password must be at most 128 characters'),
  })
  .extend(signUpAgreementSchema.shape);
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const signInFormSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required'),
  asCoach: z.boolean(),
});
export type SignInForm = z.infer<typeof signInFormSchema>;
