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
