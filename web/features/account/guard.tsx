import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ACCOUNT_MESSAGES, type Account, type Role } from '@contracts/account';
import { toast } from '@/components/toast/toast-store';
import { PageLoading } from '@/components/ui/page-loading';
import { ErrorScreen } from '@/components/error-screen';
import { useAccount, useSwitchRole } from './api';

export const createProfilePath = (role: Role) =>
  role === 'expert' ? '/create-expert-profile' : '/create-asker-profile';

export const signInPath = (returnTo: string) =>
  `/auth?mode=signin&redirect=${encodeURIComponent(returnTo)}`;

export interface GuardOptions {
  /** The role the page belongs to. */
  role?: Role;
  /** The profile-creation pages: sign-in only, no role or profile checks (spec §6). */
  skipChecks?: boolean;
}

type Decision =
  { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'switch'; role: Role };

/**
 * Spec §6 'Route guard', as a pure function so each rule is testable:
 * sign-in first; the profile-creation pages skip every other check; no roles → onboarding;
 * a required role the user lacks → home; a held one becomes active; an incomplete profile of the
 * acting role → its creation page.
 */
export function decide(account: Account, options: GuardOptions, returnTo: string): Decision {
  if (!account.user) return { kind: 'redirect', to: signInPath(returnTo) };
  if (options.skipChecks) {
    // Creating a profile needs its role; without it, onboarding adds it first.
    const { role } = options;
    if (role && !account.roles.includes(role)) {
      return { kind: 'redirect', to: `/onboarding${role === 'expert' ? '?pref=expert' : ''}` };
    }
    return { kind: 'allow' };
  }
  if (account.roles.length === 0) return { kind: 'redirect', to: '/onboarding' };
  const { role } = options;
  if (role && !account.roles.includes(role)) return { kind: 'redirect', to: '/' };
  if (role && account.activeRole !== role) return { kind: 'switch', role };
  const acting = role ?? account.activeRole;
  if (acting && !account.profileCompleted[acting]) {
    return { kind: 'redirect', to: createProfilePath(acting) };
  }
  return { kind: 'allow' };
}

/** A layout route that admits exactly the people spec §6 says; the server enforces the same. */
export function Guard({ role, skipChecks }: GuardOptions) {
  const location = useLocation();
  const account = useAccount();
  const switchRole = useSwitchRole();
  const returnTo = location.pathname + location.search;
  const decision = account.data ? decide(account.data, { role, skipChecks }, returnTo) : null;
  const switching = useRef(false);

  const { mutate } = switchRole;
  useEffect(() => {
    if (decision?.kind !== 'switch' || switching.current) return;
    switching.current = true;
    mutate(decision.role, {
      onError: () =>
        toast({ title: ACCOUNT_MESSAGES.roleActivationFailed, variant: 'destructive' }),
      onSettled: () => {
        switching.current = false;
      },
    });
  }, [decision, mutate]);

  if (account.isError) return <ErrorScreen />;
  if (!decision) return <PageLoading />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'switch') {
    return switchRole.isError ? <Navigate to="/" replace /> : <PageLoading />;
  }
  return <Outlet />;
}
