import type { SignInForm, SignUpForm } from '@contracts/account-schemas';
import { apiPaths } from '@contracts/api-paths';
import { api } from '@/lib/api-client';

/** better-auth's e-mail endpoints; the confirmation link brings the user back to `callbackURL`. */
export const signUpWithEmail = (form: SignUpForm, callbackURL: string) =>
  api(apiPaths.auth.signUp, {
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
  api(apiPaths.auth.signIn, {
    method: 'POST',
    body: { email: form.email, password: form.password, rememberMe: true },
  });

/** A new confirmation link; better-auth answers the same whether or not the address is known. */
export const resendConfirmation = (email: string, callbackURL: string) =>
  api(apiPaths.auth.sendVerificationEmail, { method: 'POST', body: { email, callbackURL } });

/** The link lands on /reset-password with its token (or with `error` once used or expired). */
export const requestPasswordReset = (email: string) =>
  api(apiPaths.auth.requestPasswordReset, {
    method: 'POST',
    body: { email, redirectTo: '/reset-password' },
  });

export const resetPassword = (token: string, newPassword: string) =>
  api(apiPaths.auth.resetPassword, { method: 'POST', body: { token, newPassword } });

export const changePassword = (currentPassword: string, newPassword: string) =>
  api(apiPaths.auth.changePassword, {
    method: 'POST',
    body: { currentPassword, newPassword, revokeOtherSessions: true },
  });

/** The address changes once the link sent to it is opened; it brings the user back here. */
export const changeEmail = (newEmail: string) =>
  api(apiPaths.auth.changeEmail, {
    method: 'POST',
    body: { newEmail, callbackURL: '/account?email=changed' },
  });
