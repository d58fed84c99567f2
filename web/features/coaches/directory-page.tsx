import { Link, useSearchParams } from 'react-router';
import { DIRECTORY_MESSAGES } from '@contracts/directory';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { directorySearch, useDirectory } from './directory-api';
import { DirectoryCard } from './directory-card';
import { DirectoryFilters } from './directory-filters';
import { errorMessage } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/meta';
import { pageTitle } from '@/lib/site-meta';

/** /coaches: every Coach, searchable, filtered and sorted by what is in the URL. */
export function CoachesPage() {
  const [params, setParams] = useSearchParams();
  const search = directorySearch(params);
  const directory = useDirectory(search);
  useDocumentMeta({
    title: pageTitle(DIRECTORY_MESSAGES.title),
    description:
      'Search every Playbook Coach by name, sport or skill, compare prices, star ratings and helpful answers, and ask one question.',
    path: search ? `/coaches?${search}` : '/coaches',
  });
  const coaches = directory.data?.pages.flatMap((page) => page.coaches) ?? [];
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-5xl font-bold text-navy">{DIRECTORY_MESSAGES.title}</h1>
      <p className="mt-3 text-lg text-muted">
        Search every Coach by name, sport or skill, then narrow it down by price and rating.
      </p>
      <div className="mt-8">
        <DirectoryFilters params={new URLSearchParams(search)} onChange={setParams} />
      </div>
      <section aria-label="Coaches found" aria-busy={directory.isPending} className="mt-8">
        {directory.isPending && (
          <ul aria-label="Loading coaches" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="h-60 animate-pulse rounded-2xl bg-line/60" />
            ))}
          </ul>
        )}
        {directory.isError && (
          <LoadError
            message={errorMessage(directory.error, DIRECTORY_MESSAGES.loadFailed)}
            retrying={directory.isFetching}
            onRetry={() => void directory.refetch()}
          />
        )}
        {directory.isSuccess && coaches.length === 0 && (
          <div className="rounded-2xl border-2 border-dashed border-line bg-white p-10 text-center">
            <p className="font-display text-2xl font-bold text-navy uppercase">
              {DIRECTORY_MESSAGES.empty}
            </p>
            <p className="mt-2 text-muted">{DIRECTORY_MESSAGES.emptyHint}</p>
            <Button asChild variant="dark" className="mt-5">
              <Link to="/coaches">Clear search</Link>
            </Button>
          </div>
        )}
        {coaches.length > 0 && (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {coaches.map((coach) => (
              <li key={coach.id} className="flex min-w-0">
                <DirectoryCard coach={coach} />
              </li>
            ))}
          </ul>
        )}
        {directory.hasNextPage && (
          <div className="mt-8 flex justify-center">
            <Button
              type="button"
              variant="outline"
              size="lg"
              disabled={directory.isFetchingNextPage}
              onClick={() => void directory.fetchNextPage()}
            >
              {directory.isFetchingNextPage ? 'Loading…' : 'Load more Coaches'}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
