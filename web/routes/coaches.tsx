import type { Prefetch } from '@/app/router';
import { directoryQuery, directorySearch } from '@/features/coaches/directory-api';

export const prefetch: Prefetch = ({ queryClient, url }) =>
  queryClient.prefetchInfiniteQuery(directoryQuery(directorySearch(url.searchParams)));

export { CoachesPage } from '@/features/coaches/directory-page';
