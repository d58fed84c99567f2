import { Navigate } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { useAccount } from './api';
import { createProfilePath, signInPath } from './guard';

/** /become-a-pro and /become-a-coach start Coach onboarding. */
export function BecomeCoachRedirect() {
  return <Navigate to="/onboarding?pref=expert" replace />;
}

/**
 * /create-profile and /edit-profile lead to the profile page of the active role: creation while
 * it is incomplete, management afterwards.
 */
export function ProfileRedirect() {
  const account = useAccount();
  if (account.isPending) return <PageLoading />;
  const data = account.data;
  if (!data?.user) return <Navigate to={signInPath('/edit-profile')} replace />;
  const role = data.activeRole ?? data.roles[0];
  if (!role) return <Navigate to="/onboarding" replace />;
  if (!data.profileCompleted[role]) return <Navigate to={createProfilePath(role)} replace />;
  return (
    <Navigate to={role === 'expert' ? '/manage-expert-profile' : '/manage-asker-profile'} replace />
  );
}

/**
 * /inbox (spec §2 route table): the Coach inbox when acting as a Coach, else the Player's; with no
 * active role, the Coach's if held; with no roles, onboarding. The target's guard does the rest.
 */
export function InboxRedirect() {
  const account = useAccount();
  if (account.isPending) return <PageLoading />;
  const data = account.data;
  if (!data?.user) return <Navigate to={signInPath('/inbox')} replace />;
  if (data.roles.length === 0) return <Navigate to="/onboarding" replace />;
  const role = data.activeRole ?? (data.roles.includes('expert') ? 'expert' : 'asker');
  return <Navigate to={role === 'expert' ? '/expert-inbox' : '/asker-inbox'} replace />;
}
