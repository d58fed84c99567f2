import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { accountQuery } from '@/lib/account-query';
import { useDocumentMeta } from '@/lib/meta';
import { HOME_META } from '@/lib/site-meta';
import { CoachHome } from './coach-home';
import { HomeSkeleton, SignedOutHome } from './signed-out-home';

/** The first word of a name, for greetings. */
const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

/**
 * Home chooses by who is signed in: the marketing page for visitors, onboarding for a user without
 * a role, the Coach dashboard for an active Coach, and the Player home otherwise. The newest
 * Coaches and the Player home belong to the coaches feature, so the route hands them in.
 */
export function Home({
  coaches,
  figures,
  playerHome,
}: {
  coaches: ReactNode;
  figures: ReactNode;
  playerHome: (firstName: string) => ReactNode;
}) {
  useDocumentMeta(HOME_META);
  const { data: account, isPending } = useQuery(accountQuery());
  if (isPending) return <HomeSkeleton />;
  const user = account?.user ?? null;
  if (!account || !user) return <SignedOutHome coaches={coaches} figures={figures} />;
  if (account.roles.length === 0) return <Navigate to="/onboarding" replace />;
  const firstName = firstNameOf(user.name);
  // With no active role, a Coach-only account still gets its own dashboard.
  const asCoach =
    account.activeRole === 'expert' ||
    (account.activeRole === null && !account.roles.includes('asker'));
  return asCoach ? <CoachHome firstName={firstName} /> : playerHome(firstName);
}
