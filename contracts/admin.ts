import { z } from 'zod';

export const ADMIN_TOKEN_KEY = 'admin_token';
export const ADMIN_MAX_FAILED_ATTEMPTS = 5;
/**
 * Failed logins for one username from all addresses together in a minute before its sign-in slows
 * down (ADR 038): a delay, or the code asked with the password, never a refusal.
 */
export const ADMIN_GLOBAL_FAILURES_PER_MINUTE = 20;
/** Sign-in attempts from one address in a minute, whatever the username (ADR 038). */
export const ADMIN_LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE = 20;
/** How long each sign-in of a slowed-down username without two-factor sign-in waits. */
export const ADMIN_THROTTLED_LOGIN_DELAY_MS = 2_000;

export const ADMIN_MESSAGES = {
  username: 'Username must be 3-50 characters, letters, numbers, underscore and hyphen only',
  password: 'Password must be at least 8 characters',
  validation: {
    title: 'Validation Error:',
    description: 'Please ensure all fields are valid',
  },
  invalidCredentials: 'Invalid credentials',
  /** The server's lock message; the client looks for 'locked' (spec §4). */
  locked: 'Too many failed attempts. This account is locked for a while; try again later.',
  /** While sign-in is slowed down, a wrong password and a wrong code get the same answer. */
  passwordOrCodeWrong: 'The password or the code is not right.',
  lockedNotice: 'Account temporarily locked due to multiple failed attempts.',
  attempts: (n: number) =>
    `Failed login attempts: ${n}. Account will be locked after ${ADMIN_MAX_FAILED_ATTEMPTS} attempts.`,
  sessionExpired: { title: 'Session Expired:', description: 'Please log in again' },
  loggedOut: { title: 'Logged out:', description: 'You have been successfully logged out' },
  dashboardFailed: 'Failed to fetch dashboard data.',
  totpRequired: 'Enter the 6-digit code from your authenticator app.',
  totpWrong: 'That code is not right. Check your authenticator app and try again.',
  totpFormat: 'The code is the 6 digits your authenticator app shows.',
  totpAlreadyOn: 'Two-factor sign-in is already on.',
  totpNotOn: 'Two-factor sign-in is not on.',
  totpLocked: 'Too many wrong codes. Two-factor changes are locked for a while; try again later.',
  totpNotStarted: 'Start the set-up again: there is no code to check yet.',
  totpOn: { title: 'Two-factor sign-in is on:', description: 'Every sign-in now asks for a code.' },
  totpOff: {
    title: 'Two-factor sign-in is off:',
    description: 'Sign-in asks for the password only.',
  },
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

export const adminLoginSchema = z.object({
  username: z
    .string({ message: ADMIN_MESSAGES.username })
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,50}$/, ADMIN_MESSAGES.username),
  password: z
    .string({ message: ADMIN_MESSAGES.password })
    .min(8, ADMIN_MESSAGES.password)
    .max(128, 'Password must be at most 128 characters'),
  /** The authenticator code, once the server has asked for it (ADR 028). */
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, ADMIN_MESSAGES.totpFormat)
    .optional(),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, ADMIN_MESSAGES.totpFormat),
});
export type TotpCodeInput = z.infer<typeof totpCodeSchema>;

/** What the set-up shows once: the secret to type, the link and its QR code to scan. */
export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrSvg: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const adminLoginResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  token: z.string(),
});

export const adminSessionSchema = z.object({
  valid: z.boolean(),
  username: z.string(),
  totpEnabled: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** Spec §3 'Admin dashboard stats'. */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  /** Users with a Coach profile. */
  totalCoaches: z.number().int(),
  /** Everyone else, as the Users tab labels them Player. */
  totalPlayers: z.number().int(),
  totalQuestions: z.number().int(),
  answeredQuestions: z.number().int(),
  pendingQuestions: z.number().int(),
  /** Number of paid payments. */
  totalPayments: z.number().int(),
  /** The platform's share of paid payments, in cents. */
  totalEarnings: z.number().int(),
  /** Payouts not yet transferred (pending or held). */
  pendingPayouts: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
