import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DIRECTORY_MAX_PAGES_IN_URL,
  DIRECTORY_MESSAGES,
  DIRECTORY_PAGE_PARAM,
} from '@contracts/directory';
import { DIRECTORY_HIDDEN_MESSAGES } from '@contracts/directory-pages';
import { StaticHtml } from '@/components/static-html';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { directoryPagesWanted, directorySearch, useDirectory } from './directory-api';
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
  const wanted = directoryPagesWanted(params);
  const loaded = directory.data?.pages.length ?? 0;
  const { isSuccess, hasNextPage, isFetchingNextPage, fetchNextPage } = directory;
  // The URL says how far 'Load more Coaches' went (`?page=3`): Back and a reload load as far again.
  useEffect(() => {
    if (isSuccess && hasNextPage && !isFetchingNextPage && loaded < wanted) void fetchNextPage();
  }, [isSuccess, hasNextPage, isFetchingNextPage, loaded, wanted, fetchNextPage]);
  const loadMore = () => {
    if (loaded >= DIRECTORY_MAX_PAGES_IN_URL) void fetchNextPage();
    const next = new URLSearchParams(params);
    next.set(DIRECTORY_PAGE_PARAM, String(Math.min(loaded + 1, DIRECTORY_MAX_PAGES_IN_URL)));
    // In place of the current entry, where the reader stays: Back leaves the directory whole.
    void setParams(next, { replace: true, preventScrollReset: true });
  };
  const loadingMore = isFetchingNextPage || (hasNextPage && loaded < wanted);
  useDocumentMeta({
    title: pageTitle(DIRECTORY_MESSAGES.title),
    description:
      'Search every Playbook Coach by name, sport or skill, compare prices, star ratings and helpful answers, and ask one question.',
    path: search ? `/coaches?${search}` : '/coaches',
  });
  const coaches = directory.data?.pages.flatMap((page) => page.coaches) ?? [];
  const hidden = directory.data?.pages[0]?.hiddenCount ?? 0;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-14">
      <h1 className="text-4xl font-bold text-navy sm:text-5xl">{DIRECTORY_MESSAGES.title}</h1>
      <p className="mt-2 text-muted sm:mt-3 sm:text-lg">
        Search every Coach by name, sport or skill, then narrow it down by price and rating.
      </p>
      <div className="mt-5 sm:mt-8">
        <DirectoryFilters params={new URLSearchParams(search)} onChange={setParams} />
      </div>
      <section aria-label="Coaches found" aria-busy={directory.isPending} className="mt-6 sm:mt-8">
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
        {directory.isSuccess && coaches.length === 0 && hidden > 0 && (
          <NoneTaking hidden={hidden} search={search} />
        )}
        {directory.isSuccess && coaches.length === 0 && hidden === 0 && !search && <NoCoachesYet />}
        {directory.isSuccess && coaches.length === 0 && hidden === 0 && search && (
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
              // A card is kept as the server rendered it (ADR 064); keyed by what it shows, so
              // a Coach whose figures change after a refetch is rendered afresh.
              <StaticHtml as="li" key={JSON.stringify(coach)} className="flex min-w-0">
                <DirectoryCard coach={coach} />
              </StaticHtml>
            ))}
          </ul>
        )}
        {directory.hasNextPage && (
          <div className="mt-8 flex justify-center">
            <Button
              type="button"
              variant="outline"
              size="lg"
              disabled={loadingMore}
              onClick={loadMore}
            >
              {loadingMore ? 'Loading…' : 'Load more Coaches'}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}

/**
 * 'Taking questions' with nobody in it, though Coaches match (issue 36): what the filter hides,
 * and the same search among all Coaches.
 */
function NoneTaking({ hidden, search }: { hidden: number; search: string }) {
  const all = new URLSearchParams(search);
  all.set('show', 'all');
  return (
    <div className="rounded-2xl border-2 border-dashed border-line bg-white p-10 text-center">
      <p className="font-display text-2xl font-bold text-navy uppercase">
        {DIRECTORY_HIDDEN_MESSAGES.noneTaking}
      </p>
      <p className="mt-2 text-muted">{DIRECTORY_HIDDEN_MESSAGES.noneTakingHint(hidden)}</p>
      <Button asChild variant="dark" className="mt-5">
        <Link to={`/coaches?${all.toString()}`}>{DIRECTORY_HIDDEN_MESSAGES.showAll}</Link>
      </Button>
    </div>
  );
}

/** The directory with no Coach at all, before any search: none yet, and anyone may be the first. */
function NoCoachesYet() {
  return (
    <div className="rounded-2xl border-2 border-dashed border-line bg-white p-10 text-center">
      <p className="font-display text-2xl font-bold text-navy uppercase">
        {DIRECTORY_MESSAGES.noCoachesYet}
      </p>
      <p className="mt-2 text-muted">{DIRECTORY_MESSAGES.noCoachesYetHint}</p>
      <Button asChild variant="dark" className="mt-5">
        <Link to="/auth?mode=signup&type=expert">{DIRECTORY_MESSAGES.becomeCoach}</Link>
      </Button>
    </div>
  );
}
