import { z } from 'zod';
import { ROLES, SIGN_UP_MESSAGES } from './account';
import { secureText } from './secure-input';
import { joined } from './messages';

export const roleSchema = z.enum(ROLES);
export const roleInputSchema = z.object({ role: roleSchema });

export const accountSchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  roles: z.array(roleSchema),
  activeRole: roleSchema.nullable(),
  profileCompleted: z.object({ asker: z.boolean(), expert: z.boolean() }),
  coachId: z.string().nullable(),
});

/** The extra field our sign-up form sends with better-auth's body. */
export const signUpAgreementSchema = z.object({
  acceptTerms: z.literal(true, {
    message: joined(SIGN_UP_MESSAGES.agreementRequired),
  }),
});

/** A person's name on their account: 1-100 characters, with the secure-input rules (spec §5). */
export const userNameSchema = secureText({ max: 100, message: 'Name must be 1-100 characters' });

/**
 * What the server checks of a sign-up before better-auth sees it, and of a name change: the name
 * better-auth itself would take at any length and with any content.
 */
export const signUpCheckSchema = z
  .object({ name: userNameSchema })
  .extend(signUpAgreementSchema.shape);
export const nameChangeCheckSchema = z.object({ name: userNameSchema.optional() });

const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Please enter a valid email address'));

export const signUpFormSchema = z
  .object({
    name: userNameSchema,
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

const newPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'Password is required').max(128),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** Whether the account may be deleted now, and if not, why (shown before anyone types a password). */
export const deletionStatusSchema = z.object({ blocker: z.string().nullable() });

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Password is required'),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'The two passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const resetPasswordFormSchema = z
  .object({ newPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'The two passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const emailFormSchema = z.object({ email });
export type EmailForm = z.infer<typeof emailFormSchema>;
