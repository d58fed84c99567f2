import type { SignInForm, SignUpForm } from '@contracts/account-schemas';
import { api } from '@/lib/api-client';

/** better-auth's e-mail endpoints; the confirmation link brings the user back to `callbackURL`. */
export const signUpWithEmail = (form: SignUpForm, callbackURL: string) =>
  api('/api/auth/sign-up/email', {
    method: 'POST',
    body: {
      name: form.name,
      email: form.email,
      password: form.password,
      acceptTerms: form.acceptTerms,
      callbackURL,
    },
  });

export const signInWithEmail = (form: Pick<SignInForm, 'email' | 'password'>) =>
  api('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email: form.email, password: form.password, rememberMe: true },
  });

/** A new confirmation link; better-auth answers the same whether or not the address is known. */
export const resendConfirmation = (email: string, callbackURL: string) =>
  api('/api/auth/send-verification-email', { method: 'POST', body: { email, callbackURL } });

/** The link lands on /reset-password with its token (or with `error` once used or expired). */
export const requestPasswordReset = (email: string) =>
  api('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: '/reset-password' },
  });

export const resetPassword = (token: string, newPassword: string) =>
  api('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });

export const changePassword = (currentPassword: string, newPassword: string) =>
  api('/api/auth/change-password', {
    method: 'POST',
    body: { currentPassword, newPassword, revokeOtherSessions: true },
  });

/** The address changes once the link sent to it is opened; it brings the user back here. */
export const changeEmail = (newEmail: string) =>
  api('/api/auth/change-email', {
    method: 'POST',
    body: { newEmail, callbackURL: '/account?email=changed' },
  });
