import type { Prefetch } from '@/app/router';
import {
  directoryPagesWanted,
  directoryQuery,
  directorySearch,
} from '@/features/coaches/directory-api';

// As many pages as 'Load more Coaches' had reached (`?page=3`), so Back and a reload show them all.
export const prefetch: Prefetch = ({ queryClient, url }) =>
  queryClient.prefetchInfiniteQuery({
    ...directoryQuery(directorySearch(url.searchParams)),
    pages: directoryPagesWanted(url.searchParams),
  });

export { CoachesPage } from '@/features/coaches/directory-page';
