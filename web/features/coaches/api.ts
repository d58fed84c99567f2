import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewestCoaches } from '@contracts/coaches';
import { profileApiPaths } from '@contracts/profile-api-paths';
import { api } from '@/lib/api-client';

export const newestCoachesQuery = () =>
  queryOptions({
    queryKey: ['coaches', 'newest'],
    queryFn: () => api<NewestCoaches>(profileApiPaths.newestCoaches),
  });
export const useNewestCoaches = () => useQuery(newestCoachesQuery());
