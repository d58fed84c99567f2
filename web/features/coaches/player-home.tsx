import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DIRECTORY_MESSAGES } from '@contracts/directory';
import type { CoachCard as Coach } from '@contracts/coaches';
import type { YourCoaches } from '@contracts/home';
import { profileApiPaths } from '@contracts/profile-api-paths';
import { LoadError } from '@/components/ui/load-error';
import { Eyebrow, Hero } from '@/components/ui/hero';
import { useNewestCoaches } from './api';
import { CoachCard } from './coach-card';
import { api } from '@/lib/api-client';

const YOUR_COACHES_LOAD_FAILED = 'Failed to load your coaches. Please try again.';

/** The Coaches the signed-in Player has asked; under 'coaches' so Coach changes refetch it. */
export const yourCoachesQuery = () =>
  queryOptions({
    queryKey: ['coaches', 'your-coaches'],
    queryFn: ({ signal }) => api<YourCoaches>(profileApiPaths.yourCoaches, { signal }),
  });
export const useYourCoaches = () => useQuery(yourCoachesQuery());

/** Home for a signed-in Player: a greeting, the Coaches they have asked, and Coaches to explore. */
export function PlayerHome({ firstName }: { firstName: string }) {
  const yourCoaches = useYourCoaches();
  const newest = useNewestCoaches();

  return (
    <>
      <Hero wide className="py-10 sm:py-14">
        <Eyebrow>Player</Eyebrow>
        <h1 className="mt-2 text-4xl leading-none font-bold break-words sm:text-6xl">
          {/* "Welcome back" only to someone who has been here before: who has asked a Coach. */}
          {`${yourCoaches.data?.coaches.length ? 'Welcome back' : 'Welcome'}, ${firstName}!`}
        </h1>
        <p className="mt-4 max-w-xl text-lg text-white/85">
          Stuck on something? Pick a coach, ask one question, and get a straight answer.
        </p>
      </Hero>

      <section
        aria-labelledby="your-coaches-heading"
        className="mx-auto w-full max-w-6xl px-4 pt-12"
      >
        <h2 id="your-coaches-heading" className="text-3xl font-bold text-navy sm:text-4xl">
          Your Coaches
        </h2>
        <div className="mt-6">
          {yourCoaches.isPending ? (
            <GridSkeleton label="Loading your coaches" count={3} />
          ) : yourCoaches.isError ? (
            <LoadError
              message={YOUR_COACHES_LOAD_FAILED}
              onRetry={() => void yourCoaches.refetch()}
            />
          ) : yourCoaches.data.coaches.length === 0 ? (
            <EmptyState title="No coaches yet">
              Explore the coaches below and ask your first question.
            </EmptyState>
          ) : (
            <CoachGrid coaches={yourCoaches.data.coaches} />
          )}
        </div>
      </section>

      <section aria-labelledby="explore-heading" className="mx-auto w-full max-w-6xl px-4 py-12">
        <h2 id="explore-heading" className="text-3xl font-bold text-navy sm:text-4xl">
          Explore
        </h2>
        <p className="mt-2 text-muted">The newest coaches on the team.</p>
        <div className="mt-6">
          {newest.isPending ? (
            <GridSkeleton label="Loading coaches" count={6} />
          ) : newest.isError ? (
            <LoadError
              message={DIRECTORY_MESSAGES.loadFailed}
              onRetry={() => void newest.refetch()}
            />
          ) : newest.data.coaches.length === 0 ? (
            <EmptyState title="No coaches to explore yet">
              New coaches are joining soon. Check back shortly.
            </EmptyState>
          ) : (
            <CoachGrid coaches={newest.data.coaches} />
          )}
        </div>
      </section>
    </>
  );
}

function CoachGrid({ coaches }: { coaches: Coach[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {coaches.map((coach) => (
        <li key={coach.id} className="flex min-w-0 [&>a]:min-w-0 [&>a]:flex-1">
          <CoachCard coach={coach} />
        </li>
      ))}
    </ul>
  );
}

function GridSkeleton({ label, count }: { label: string; count: number }) {
  return (
    <ul aria-label={label} aria-busy="true" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="h-44 animate-pulse rounded-2xl bg-line/60" />
      ))}
    </ul>
  );
}

function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border-2 border-dashed border-line bg-white p-8 text-center sm:p-10">
      <p className="font-display text-2xl font-bold text-navy uppercase">{title}</p>
      <p className="mt-2 text-muted">{children}</p>
    </div>
  );
}
