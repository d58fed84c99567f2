import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { SETTINGS_MESSAGES } from '@contracts/account';
import { joined } from '@contracts/messages';
import { AuthCard } from '@/components/auth-card';
import { Notice } from '@/components/ui/notice';
import { PageLoading } from '@/components/ui/page-loading';
import { useAccount } from './api';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { RETURN_PARAM, safeReturn } from '@/lib/intent';
import { useDocumentMeta } from '@/lib/meta';
import { pageTitle } from '@/lib/site-meta';

export function AuthPage() {
  const [params] = useSearchParams();
  const account = useAccount();
  const mode = params.get('mode') === 'signup' ? 'signup' : 'signin';
  const asCoach = params.get('type') === 'expert';
  const returnTo = params.get(RETURN_PARAM);
  const switchTo = new URLSearchParams(params);
  switchTo.set('mode', mode === 'signup' ? 'signin' : 'signup');
  // What a link brought this page to say is not news on the other form.
  for (const outcome of ['confirmed', 'error', 'reset']) switchTo.delete(outcome);

  // Someone already signed in on arrival (the browser a confirmation link just signed in, too)
  // goes where they were going. Someone who signs in here is sent on by the form itself;
  // redirecting on the fresh account would cut across that navigation.
  const [arrival, setArrival] = useState<'signed-in' | 'visitor' | null>(null);
  // The server renders this page (ADR 053), so it says what it is in its head.
  useDocumentMeta({
    title: pageTitle(mode === 'signin' ? 'Sign In' : 'Sign Up'),
    description: 'Sign in to ask, answer and get paid.',
    path: '/auth',
  });
  if (arrival === null && account.data) setArrival(account.data.user ? 'signed-in' : 'visitor');
  if (account.isPending) return <PageLoading />;
  if (arrival === 'signed-in') return <Navigate to={safeReturn(returnTo)} replace />;

  const title =
    mode === 'signin' ? 'Sign in to Playbook' : asCoach ? 'Join as a Coach' : 'Join as a Player';
  const lead =
    mode === 'signin'
      ? 'Sign in to ask, answer and get paid.'
      : asCoach
        ? 'Set your price, answer on your schedule, get paid for what you know.'
        : 'Get a straight answer from a real coach.';

  return (
    <AuthCard title={title} lead={lead}>
      <LinkOutcome className="mb-6" params={params} />
      {mode === 'signin' ? (
        <SignInForm redirectTo={returnTo} />
      ) : (
        <SignUpForm asCoach={asCoach} redirectTo={returnTo} />
      )}
      <p className="mt-6 text-center text-sm text-muted">
        {mode === 'signin' ? 'New to Playbook?' : 'Already have an account?'}{' '}
        <Link to={`/auth?${switchTo}`} className="font-semibold text-navy underline">
          {mode === 'signin' ? 'Create an account' : 'Log in instead'}
        </Link>
      </p>
    </AuthCard>
  );
}

/** What a confirmation or reset link that brought the visitor here came to. */
function LinkOutcome({ params, className }: { params: URLSearchParams; className: string }) {
  if (params.get('error')) {
    return (
      <Notice tone="problem" className={className}>
        {SETTINGS_MESSAGES.confirmationLinkInvalid}
      </Notice>
    );
  }
  if (params.get('confirmed')) {
    return (
      <Notice tone="success" className={className}>
        {SETTINGS_MESSAGES.emailConfirmed}
      </Notice>
    );
  }
  if (params.get('reset')) {
    return (
      <Notice tone="success" className={className}>
        {joined(SETTINGS_MESSAGES.passwordReset)}
      </Notice>
    );
  }
  return null;
}
