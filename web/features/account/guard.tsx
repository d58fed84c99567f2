import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ACCOUNT_MESSAGES, type Account, type Role } from '@contracts/account';
import { toast } from '@/components/toast/toast-store';
import { PageLoading } from '@/components/ui/page-loading';
import { ErrorScreen } from '@/components/error-screen';
import { chooseRole, useAccount, useSetAccount, useSwitchRole } from './api';
import { withReturn } from '@/lib/intent';
import { twoAttempts } from './retry';

/**
 * Onboarding's parameter for a side already chosen (issue 36): sign-up as a Coach lands on
 * `/onboarding?role=expert`, which takes the role and goes on to the profile without asking.
 */
export const ONBOARDING_ROLE_PARAM = 'role';

export const createProfilePath = (role: Role) =>
  role === 'expert' ? '/create-expert-profile' : '/create-asker-profile';

export const signInPath = (returnTo: string) => withReturn('/auth?mode=signin', returnTo);

export interface GuardOptions {
  /** The role the page belongs to. */
  role?: Role;
  /** The profile-creation pages: sign-in only, no role or profile checks (spec §6). */
  skipChecks?: boolean;
  /**
   * The ask form: going there says which side the person is on, so someone without any role takes
   * the page's role instead of picking at onboarding, and someone holding only the other role sees
   * the page's explanation (spec §2: a Coach is told to switch to Player mode) instead of home.
   */
  intentShowsRole?: boolean;
}

type Decision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'switch'; role: Role }
  | { kind: 'adopt'; role: Role };

/**
 * Spec §6 'Route guard', as a pure function so each rule is testable:
 * sign-in first; the profile-creation pages skip every other check; no roles → onboarding;
 * a required role the user lacks → home; a held one becomes active; an incomplete profile of the
 * acting role → its creation page. Every detour remembers the page asked for (`returnTo`).
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
  const { role, intentShowsRole } = options;
  if (account.roles.length === 0) {
    if (role && intentShowsRole) return { kind: 'adopt', role };
    return { kind: 'redirect', to: withReturn('/onboarding', returnTo) };
  }
  if (role && !account.roles.includes(role)) {
    return intentShowsRole ? { kind: 'allow' } : { kind: 'redirect', to: '/' };
  }
  if (role && account.activeRole !== role) return { kind: 'switch', role };
  const acting = role ?? account.activeRole;
  if (acting && !account.profileCompleted[acting]) {
    return { kind: 'redirect', to: withReturn(createProfilePath(acting), returnTo) };
  }
  return { kind: 'allow' };
}

/** A layout route that admits exactly the people spec §6 says; the server enforces the same. */
export function Guard(options: GuardOptions) {
  const location = useLocation();
  const account = useAccount();
  const setAccount = useSetAccount();
  const switchRole = useSwitchRole();
  const adoptRole = useMutation({
    mutationFn: (role: Role) => twoAttempts(() => chooseRole(role)),
    onSuccess: setAccount,
  });
  const returnTo = location.pathname + location.search;
  const decision = account.data ? decide(account.data, options, returnTo) : null;
  const changing = useRef(false);

  const { mutate: switchTo } = switchRole;
  const { mutate: adopt } = adoptRole;
  useEffect(() => {
    if ((decision?.kind !== 'switch' && decision?.kind !== 'adopt') || changing.current) return;
    changing.current = true;
    const callbacks = {
      onError: () =>
        toast({
          title:
            decision.kind === 'adopt'
              ? ACCOUNT_MESSAGES.roleSetupFailed
              : ACCOUNT_MESSAGES.roleActivationFailed,
          variant: 'destructive' as const,
        }),
      onSettled: () => {
        changing.current = false;
      },
    };
    if (decision.kind === 'switch') switchTo(decision.role, callbacks);
    else adopt(decision.role, callbacks);
  }, [decision, switchTo, adopt]);

  if (account.isError) return <ErrorScreen />;
  if (!decision) return <PageLoading />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'switch' || decision.kind === 'adopt') {
    return switchRole.isError || adoptRole.isError ? <Navigate to="/" replace /> : <PageLoading />;
  }
  return <Outlet />;
}
