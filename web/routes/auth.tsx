import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Brand } from '@/components/brand';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/page-loading';
import { useAccount } from '@/features/account/api';
import { SignInForm } from '@/features/account/sign-in-form';
import { SignUpForm } from '@/features/account/sign-up-form';

export function AuthPage() {
  const [params] = useSearchParams();
  const account = useAccount();
  const mode = params.get('mode') === 'signup' ? 'signup' : 'signin';
  const asCoach = params.get('type') === 'expert';
  const switchTo = new URLSearchParams(params);
  switchTo.set('mode', mode === 'signup' ? 'signin' : 'signup');

  // Someone already signed in on arrival goes home. Someone who signs in here is sent on by the
  // form itself; redirecting on the fresh account would cut across that navigation.
  const [arrival, setArrival] = useState<'signed-in' | 'visitor' | null>(null);
  if (arrival === null && account.data) setArrival(account.data.user ? 'signed-in' : 'visitor');
  if (account.isPending) return <PageLoading />;
  if (arrival === 'signed-in') return <Navigate to="/" replace />;

  const title =
    mode === 'signin' ? 'Welcome back' : asCoach ? 'Join as a Coach' : 'Join as a Player';
  const lead =
    mode === 'signin'
      ? 'Sign in to ask, answer and get paid.'
      : asCoach
        ? 'Set your price, answer on your schedule, get paid for what you know.'
        : 'Get a straight answer from a real coach.';

  return (
    <div className="flex flex-1 items-start justify-center bg-navy px-4 py-10 sm:items-center sm:py-16">
      <Card className="w-full max-w-md">
        <Brand className="mb-4" />
        <h1 className="text-3xl font-bold text-navy">{title}</h1>
        <p className="mt-1 mb-6 text-muted">{lead}</p>
        {mode === 'signin' ? (
          <SignInForm redirectTo={params.get('redirect')} />
        ) : (
          <SignUpForm asCoach={asCoach} />
        )}
        <p className="mt-6 text-center text-sm text-muted">
          {mode === 'signin' ? 'New to Playbook?' : 'Already have an account?'}{' '}
          <Link to={`/auth?${switchTo}`} className="font-semibold text-navy underline">
            {mode === 'signin' ? 'Create an account' : 'Log in instead'}
          </Link>
        </p>
      </Card>
    </div>
  );
}
