import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewestCoaches } from '@contracts/experts';
import { api } from '@/lib/api-client';

export const newestCoachesQuery = () =>
  queryOptions({
    queryKey: ['experts', 'newest'],
    queryFn: () => api<NewestCoaches>('/api/experts/newest'),
  });
export const useNewestCoaches = () => useQuery(newestCoachesQuery());
