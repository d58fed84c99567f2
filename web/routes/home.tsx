import { Navigate } from 'react-router';
import type { Prefetch } from '@/app/router';
import { useAccount } from '@/features/account/api';
import { newestCoachesQuery } from '@/features/coaches/api';
import { MeetOurCoaches } from '@/features/coaches/meet-our-coaches';
import { PlayerHome } from '@/features/coaches/player-home';
import { CoachHome } from '@/features/home/coach-home';
import { HomeSkeleton, SignedOutHome } from '@/features/home/signed-out-home';
import { useDocumentMeta } from '@/lib/meta';
import { HOME_META } from '@/lib/site-meta';

/** The first word of a name, for greetings. */
const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

/**
 * Home chooses by who is signed in: the marketing page for visitors, onboarding for a user without
 * a role, the Coach dashboard for an active Coach, and the Player home otherwise.
 */
export const prefetch: Prefetch = ({ queryClient }) =>
  queryClient.prefetchQuery(newestCoachesQuery());

export function HomePage() {
  useDocumentMeta(HOME_META);
  const { data: account, isPending } = useAccount();
  if (isPending) return <HomeSkeleton />;
  const user = account?.user ?? null;
  if (!account || !user) return <SignedOutHome coaches={<MeetOurCoaches />} />;
  if (account.roles.length === 0) return <Navigate to="/onboarding" replace />;
  const firstName = firstNameOf(user.name);
  // With no active role, a Coach-only account still gets its own dashboard.
  const asCoach =
    account.activeRole === 'expert' ||
    (account.activeRole === null && !account.roles.includes('asker'));
  return asCoach ? <CoachHome firstName={firstName} /> : <PlayerHome firstName={firstName} />;
}
