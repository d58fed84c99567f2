import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@contracts/public-config';
import { api } from '@/lib/api-client';

export const publicConfigQuery = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: () => api<PublicConfig>('/api/config'),
    staleTime: Infinity,
  });
export const usePublicConfig = () => useQuery(publicConfigQuery());
