import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@contracts/public-config';
import { apiPaths } from '@contracts/api-paths';
import { api } from '@/lib/api-client';

export const publicConfigQuery = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: () => api<PublicConfig>(apiPaths.config),
    staleTime: Infinity,
  });
export const usePublicConfig = () => useQuery(publicConfigQuery());
