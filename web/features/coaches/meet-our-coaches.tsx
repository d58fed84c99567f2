import { Link } from 'react-router';
import { DIRECTORY_MESSAGES } from '@contracts/directory';
import { StaticHtml } from '@/components/static-html';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { useNewestCoaches } from './api';
import { CoachCard } from './coach-card';

/** The newest Coaches and how many there are, with loading, error and empty states. */
export function MeetOurCoaches() {
  const { data, isPending, isError, refetch } = useNewestCoaches();
  return (
    <section aria-labelledby="coaches-heading" className="mx-auto w-full max-w-6xl px-4 py-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="coaches-heading" className="text-4xl font-bold text-navy">
            Meet Our Coaches
          </h2>
          <p className="mt-2 text-muted">Real coaches, real experience, ready for your question.</p>
        </div>
        {data && (
          <Link
            to="/coaches"
            className="rounded-full bg-navy px-4 py-1.5 text-sm font-semibold text-white hover:bg-navy-light"
          >
            {data.total} {data.total === 1 ? 'Coach' : 'Coaches'}
          </Link>
        )}
      </div>
      <div className="mt-8">
        {isPending && (
          <ul aria-label="Loading coaches" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 3 }, (_, i) => (
              <li key={i} className="h-44 animate-pulse rounded-2xl bg-line/60" />
            ))}
          </ul>
        )}
        {isError && (
          <LoadError message={DIRECTORY_MESSAGES.loadFailed} onRetry={() => void refetch()} />
        )}
        {data && data.coaches.length === 0 && (
          <div className="rounded-2xl border-2 border-dashed border-line bg-white p-10 text-center">
            <p className="font-display text-2xl font-bold text-navy uppercase">No coaches yet</p>
            <p className="mt-2 text-muted">Be the first Coach on the team.</p>
            <Button asChild variant="dark" className="mt-5">
              <Link to="/auth?mode=signup&type=expert">Become a Coach</Link>
            </Button>
          </div>
        )}
        {data && data.coaches.length > 0 && (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {data.coaches.map((coach) => (
              // Kept as the server rendered it, keyed by what it shows (ADR 064).
              <StaticHtml as="li" key={JSON.stringify(coach)} className="flex min-w-0">
                <CoachCard coach={coach} />
              </StaticHtml>
            ))}
          </ul>
        )}
        {data && data.coaches.length > 0 && (
          <div className="mt-8 flex justify-center">
            <Button asChild variant="outline" size="lg">
              <Link to="/coaches">See all Coaches</Link>
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
