import { queryOptions, useQuery } from '@tanstack/react-query';
import { newestCoachesSchema } from '@contracts/experts';
import { api } from '@/lib/api-client';

export const newestCoachesQuery = () =>
  queryOptions({
    queryKey: ['experts', 'newest'],
    queryFn: () => api('/api/experts/newest', { schema: newestCoachesSchema }),
  });
export const useNewestCoaches = () => useQuery(newestCoachesQuery());
