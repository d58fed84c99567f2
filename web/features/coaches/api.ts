import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewestCoaches } from '@contracts/experts';
import { profileApiPaths } from '@contracts/profile-api-paths';
import { api } from '@/lib/api-client';

export const newestCoachesQuery = () =>
  queryOptions({
    queryKey: ['experts', 'newest'],
    queryFn: () => api<NewestCoaches>(profileApiPaths.newestCoaches),
  });
export const useNewestCoaches = () => useQuery(newestCoachesQuery());
