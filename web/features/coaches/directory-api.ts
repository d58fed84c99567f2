import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { DIRECTORY_MAX_PAGES_IN_URL, DIRECTORY_PAGE_PARAM } from '@contracts/directory';
import type { DirectoryPage } from '@contracts/directory-schemas';
import { profileApiPaths } from '@contracts/profile-api-paths';
import { api } from '@/lib/api-client';

/** The URL parameters the directory keeps, which are also the API's query string. */
export const DIRECTORY_PARAMS = [
  'q',
  'minPrice',
  'maxPrice',
  'minRating',
  'show',
  'within',
  'sort',
] as const;

/** The directory's part of a page's search string, in a fixed order so equal searches share a cache entry. */
export function directorySearch(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of DIRECTORY_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) kept.set(name, value);
  }
  return kept.toString();
}

/** How many pages the URL asks for (`?page=3`): 1 to DIRECTORY_MAX_PAGES_IN_URL, 1 when absent or odd. */
export function directoryPagesWanted(params: URLSearchParams): number {
  const value = Number(params.get(DIRECTORY_PAGE_PARAM));
  return Number.isInteger(value) && value > 1 ? Math.min(value, DIRECTORY_MAX_PAGES_IN_URL) : 1;
}

export const directoryQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: ['coaches', 'directory', search],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(search);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return api<DirectoryPage>(`${profileApiPaths.coachDirectory}${query ? `?${query}` : ''}`, {
        signal,
      });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useDirectory = (search: string) => useInfiniteQuery(directoryQuery(search));
