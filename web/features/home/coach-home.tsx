import { queryOptions, useQuery } from '@tanstack/react-query';
import { CircleDollarSign, MessageSquareText, Star } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { coachPath } from '@contracts/coach-slug';
import type { CoachDashboard } from '@contracts/home';
import { formatDollarsAndCents } from '@contracts/money';
import { profileApiPaths } from '@contracts/profile-api-paths';
import { ShareProfileButton } from '@/components/share-profile-button';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Eyebrow, Hero } from '@/components/ui/hero';
import { StarRating } from '@/components/ui/star-rating';
import { api, errorMessage } from '@/lib/api-client';

const DASHBOARD_LOAD_FAILED = 'Failed to load your dashboard. Please try again.';

/** The signed-in Coach's numbers: questions answered, amount earned and star rating. */
export const coachDashboardQuery = () =>
  queryOptions({
    queryKey: ['home', 'coach-dashboard'],
    queryFn: ({ signal }) => api<CoachDashboard>(profileApiPaths.coachDashboard, { signal }),
  });
export const useCoachDashboard = () => useQuery(coachDashboardQuery());

/** Home for a signed-in Coach: a greeting, their stats, and the way to the inbox, profile and payouts. */
export function CoachHome({ firstName }: { firstName: string }) {
  const { data, isPending, isError, error, refetch, isRefetching } = useCoachDashboard();

  return (
    <>
      <Hero wide className="py-10 sm:py-14">
        <Eyebrow>Coach</Eyebrow>
        <h1 className="mt-2 text-4xl leading-none font-bold break-words sm:text-6xl">
          {/* "Welcome back" only to a Coach who has answered before. */}
          {`${data?.questionsAnswered ? 'Welcome back' : 'Welcome'}, Coach ${firstName}!`}
        </h1>
        <p className="mt-4 max-w-xl text-lg text-white/85">
          Your players are waiting. Answer questions, grow your record, get paid.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button asChild size="lg">
            <Link to="/expert-inbox">View Inbox</Link>
          </Button>
          <Button asChild size="lg" variant="onDark">
            <Link to="/manage-expert-profile">Manage Profile</Link>
          </Button>
          <Button asChild size="lg" variant="onDark">
            <Link to="/payouts">View Payouts</Link>
          </Button>
          {data && (
            <>
              <Button asChild size="lg" variant="onDark">
                <Link to={coachPath(data)}>View public profile</Link>
              </Button>
              <ShareProfileButton coach={data} size="lg" variant="onDark" />
            </>
          )}
        </div>
      </Hero>

      <section
        aria-labelledby="coach-stats-heading"
        className="mx-auto w-full max-w-6xl px-4 py-12"
      >
        <h2 id="coach-stats-heading" className="text-3xl font-bold text-navy sm:text-4xl">
          Your Scoreboard
        </h2>
        <div className="mt-6">
          {isPending ? (
            <ul
              aria-label="Loading your stats"
              aria-busy="true"
              className="grid gap-5 md:grid-cols-3"
            >
              {Array.from({ length: 3 }, (_, i) => (
                <li key={i} className="h-32 animate-pulse rounded-2xl bg-line/60" />
              ))}
            </ul>
          ) : isError ? (
            <LoadError
              message={errorMessage(error, DASHBOARD_LOAD_FAILED)}
              retrying={isRefetching}
              onRetry={() => void refetch()}
            />
          ) : (
            <dl className="grid gap-5 md:grid-cols-3">
              <StatCard icon={MessageSquareText} label="Questions Answered">
                <span className="font-display text-4xl font-bold text-navy">
                  {data.questionsAnswered}
                </span>
              </StatCard>
              <StatCard icon={CircleDollarSign} label="Amount Earned">
                <span className="font-display text-4xl font-bold text-navy">
                  {formatDollarsAndCents(data.earnedCents)}
                </span>
              </StatCard>
              <StatCard icon={Star} label="Star Rating">
                <StarRating rating={data.starRating} size="lg" />
              </StatCard>
            </dl>
          )}
        </div>
      </section>
    </>
  );
}

function StatCard({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-6 shadow-sm">
      <dt className="flex items-center gap-2 text-sm font-semibold tracking-wide text-muted uppercase">
        <span className="flex size-9 items-center justify-center rounded-full bg-volt text-navy">
          <Icon aria-hidden className="size-5" />
        </span>
        {label}
      </dt>
      <dd className="min-h-10">{children}</dd>
    </div>
  );
}
