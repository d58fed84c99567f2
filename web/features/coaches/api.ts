import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewestCoaches } from '@contracts/experts';
import { apiPaths } from '@contracts/api-paths';
import { api } from '@/lib/api-client';

export const newestCoachesQuery = () =>
  queryOptions({
    queryKey: ['experts', 'newest'],
    queryFn: () => api<NewestCoaches>(apiPaths.newestCoaches),
  });
export const useNewestCoaches = () => useQuery(newestCoachesQuery());
