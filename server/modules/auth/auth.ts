import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { z } from 'zod';
import { verifyingSecrets, type Config } from '../../config';
import type { Database } from '../../db/client';
import { refuseInsideTransaction } from '../../db/open-transaction';
import { accounts, sessions, users, verifications } from '../../db/schema';
import { queueMail, queueMailWithinCap, type RecipientCap } from '../mail';
import { authLimitStorage, databaseHitCounter, type HitCounter } from '../rate-limits';
import { discardUnconfirmedSignUp, isSuspended, touchSession, userExists } from './data';
import { PEOPLE_MESSAGES } from '../../../contracts/admin-people';
import {
  emailChangedEmail,
  passwordChangedEmail,
  resetPasswordEmail,
  verificationEmail,
} from './emails';
import { verificationTokenClaims } from './signup-browser';
import { viewerFinder } from './viewer';

/** The header the auth route sets from Fastify's view of the client address (never the client's). */
export const CLIENT_IP_HEADER = 'x-playbook-client-ip';

const ONE_MINUTE = 60;
const ONE_HOUR = 60 * ONE_MINUTE;
const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 128;

/**
 * How many account e-mails of one kind (confirmation, which a resend and a repeated sign-up also
 * send; e-mail change; password reset) one address receives, whoever asks from wherever. Over it the
 * endpoint answers as always and sends nothing.
 */
export const ACCOUNT_MAIL_CAP: RecipientCap = { perRecipient: 3, windowMinutes: 15 };

/** A sign-up better-auth will carry out (it checks the same), so only such a one restarts another. */
const validSignUpSchema = z.object({
  email: z.email(),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH),
});

/** revoke-session's answer for a token that names none of the caller's sessions. */
export const SESSION_NOT_FOUND = 'Session not found';

/** change-password's answer when it succeeded: the user whose password it changed. */
const changedPasswordSchema = z.object({
  user: z.object({ name: z.string(), email: z.string() }),
});

/**
 * How passwords are hashed and checked, when not better-auth's scrypt: only the API tests give one,
 * a fast salted hash, since scrypt's deliberate cost was a third of their CPU (ADR 078).
 */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/** better-auth's own scrypt, refused inside a transaction as every CPU-only piece of work is. */
const outsideTransactions = ({ hash, verify }: PasswordHashing): PasswordHashing => ({
  hash: (password) => {
    refuseInsideTransaction('Hashing a password');
    return hash(password);
  },
  verify: (input) => {
    refuseInsideTransaction('Checking a password');
    return verify(input);
  },
});

/**
 * Told, once a session's deletion is committed, whose it was (the events module ends the streams
 * opened with it). Never throws: the sign-out itself has happened.
 */
export type SessionsEnded = (userId: string) => Promise<void>;

/**
 * better-auth (ADR 009): e-mail and password, verified e-mail required, sessions in the database in
 * httpOnly SameSite cookies. Passwords are hashed with better-auth's scrypt. Account recovery is
 * better-auth's own: a reset link (single use, one hour, every session ends), a resend of the
 * confirmation link, and an e-mail change confirmed at the new address (ADR 030).
 */
export function createAuth(
  config: Config,
  db: Database,
  limits: HitCounter = databaseHitCounter(db),
  passwords?: PasswordHashing,
  sessionsEnded: SessionsEnded = async () => undefined,
) {
  const secure = config.PUBLIC_URL.startsWith('https://');
  const contactUrl = `${config.PUBLIC_URL}/contact`;
  // Security notices (issue 25): always sent, whatever the person's e-mail preferences.
  const tellPasswordChanged = (user: { name: string; email: string }) =>
    queueMail(db, config, passwordChangedEmail(user, contactUrl));
  const auth = betterAuth({
    appName: 'Playbook',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.APP_SECRET,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    // Same-origin requests are trusted whatever host name the visitor used (localhost or an IP);
    // the CSRF check still refuses any other origin.
    trustedOrigins: (request) => {
      const host = request?.headers.get('host');
      const origins = [new URL(config.PUBLIC_URL).origin];
      if (host) origins.push(`${secure ? 'https' : 'http'}://${host}`);
      return origins;
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: false,
      password: outsideTransactions(passwords ?? { hash: hashPassword, verify: verifyPassword }),
      resetPasswordTokenExpiresIn: ONE_HOUR,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await queueMailWithinCap(db, config, resetPasswordEmail(user, url), ACCOUNT_MAIL_CAP);
      },
      onPasswordReset: async ({ user }) => {
        await tellPasswordChanged(user);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A sign-in of an unconfirmed account offers "Resend confirmation email" instead.
      sendOnSignIn: false,
      // Kept only in the browser that started the sign-up (see signup-browser.ts).
      autoSignInAfterVerification: true,
      expiresIn: 24 * ONE_HOUR,
      sendVerificationEmail: async ({ user, url, token }) => {
        await queueMailWithinCap(db, config, verificationEmail(user, url, token), ACCOUNT_MAIL_CAP);
      },
    },
    user: { changeEmail: { enabled: true } },
    databaseHooks: {
      // A suspended account gets no session (ADR 061), whichever way it signs in: the password,
      // or the confirmation link's automatic sign-in. Asked after the password was checked, so
      // the answer tells nothing to someone who does not know the password.
      session: {
        create: {
          before: async (session) => {
            if (await isSuspended(db, session.userId)) {
              throw new APIError('LOCKED', { message: PEOPLE_MESSAGES.signInRefused });
            }
          },
        },
        // Every session better-auth ends (sign-out, a revocation, a password change or reset),
        // once its deletion is committed: the person's open event streams are told (issue 36).
        delete: { after: async (session) => sessionsEnded(session.userId) },
      },
      user: {
        create: {
          // Sign-ups of one address at once all pass better-auth's "does it exist" check, hash
          // the password, and all but one insert would fail with a 422 that no single sign-up
          // gives: a way to tell a confirmed address (never raced) from another. Looking again
          // just before the insert turns nearly all of them into better-auth's generic
          // "already exists" answer, which its sign-up gives for a 403 from this hook.
          before: async (user) => {
            if (await userExists(db, user.email)) throw new APIError('FORBIDDEN');
          },
        },
        update: {
          // An e-mail change is carried out when the link sent to the new address is opened
          // (ADR 030); its token names the old address, which is told (issue 25).
          after: async (user, ctx) => {
            const token = ctx?.path === '/verify-email' ? ctx.query?.token : undefined;
            const claims = typeof token === 'string' ? verificationTokenClaims(token) : null;
            if (!claims?.updateTo || claims.updateTo.toLowerCase() !== user.email) return;
            if (claims.email.toLowerCase() === user.email) return;
            await queueMail(
              db,
              config,
              emailChangedEmail(user, { old: claims.email, new: user.email }, contactUrl),
            );
          },
        },
      },
    },
    // A suspended account gets no session (ADR 061), whichever way it signs in: the password, or
    // the confirmation link's automatic sign-in. Asked after the password was checked, so the
    // answer tells nothing to someone who does not know it.
    hooks: {
      // Pre-registration takeover (ADR 036): a sign-up of an address whose account was never
      // confirmed restarts that account, so nothing of the earlier registrant's survives. A
      // confirmed address falls through to better-auth's own answer, which looks like a new sign-up.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/revoke-session') {
          // better-auth revokes only the caller's own session but answers `{ status: true }` for
          // any token: another person's, or one that never was, is a 404 instead (issue 36).
          const token: unknown = ctx.body?.token;
          const caller = await getSessionFromCtx(ctx);
          // Signed out, or no token: better-auth's own 401 or 400.
          if (!caller || typeof token !== 'string') return;
          const revoked = await ctx.context.internalAdapter.findSession(token);
          if (revoked?.session.userId !== caller.user.id) {
            throw new APIError('NOT_FOUND', { message: SESSION_NOT_FOUND });
          }
          return;
        }
        if (ctx.path !== '/sign-up/email') return;
        const signUp = validSignUpSchema.safeParse(ctx.body);
        if (signUp.success) await discardUnconfirmedSignUp(db, signUp.data.email);
      }),
      // A password changed in Account Settings (a reset is told by onPasswordReset above).
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password') return;
        const changed = changedPasswordSchema.safeParse(ctx.context.returned);
        if (changed.success) await tellPasswordChanged(changed.data.user);
      }),
    },
    session: { expiresIn: 30 * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    rateLimit: {
      enabled: true,
      // Counted in the database or Redis, so that more processes do not mean more attempts (ADR 049).
      customStorage: authLimitStorage(limits),
      window: ONE_MINUTE,
      max: 100,
      customRules: {
        '/sign-in/email': { window: ONE_MINUTE, max: config.AUTH_RATE_LIMIT_PER_MINUTE },
        '/sign-up/email': { window: ONE_MINUTE, max: config.AUTH_RATE_LIMIT_PER_MINUTE },
        // Each of these sends an e-mail.
        '/request-password-reset': { window: ONE_MINUTE, max: config.AUTH_RATE_LIMIT_PER_MINUTE },
        '/send-verification-email': { window: ONE_MINUTE, max: config.AUTH_RATE_LIMIT_PER_MINUTE },
        '/change-email': { window: ONE_MINUTE, max: config.AUTH_RATE_LIMIT_PER_MINUTE },
      },
    },
    advanced: {
      useSecureCookies: secure,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
  // Our routes read the session, user and roles in one statement (`viewer.ts`, ADR 033), and
  // accept session cookies signed before APP_SECRET was rotated (ADR 047).
  return Object.assign(auth, {
    findViewer: viewerFinder(db),
    secrets: verifyingSecrets(config),
    touchSession: (token: string) => touchSession(db, token),
  });
}

export type Auth = ReturnType<typeof createAuth>;
