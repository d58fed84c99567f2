import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema } from '@contracts/public-config';
import { api } from '@/lib/api-client';

export const publicConfigQuery = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: () => api('/api/config', { schema: publicConfigSchema }),
    staleTime: Infinity,
  });
export const usePublicConfig = () => useQuery(publicConfigQuery());
