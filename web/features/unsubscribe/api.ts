import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@contracts/api-paths';
import type { UnsubscribeStatus } from '@contracts/notifications';
import { api } from '@/lib/api-client';

/** The kind of e-mail an unsubscribe link names and whether it is on; a bad link is not retried. */
export const unsubscribeQuery = (token: string) =>
  queryOptions({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) => api<UnsubscribeStatus>(apiPaths.unsubscribe(token), { signal }),
    retry: false,
  });

export const useUnsubscribeStatus = (token: string) =>
  useQuery({ ...unsubscribeQuery(token), enabled: token !== '' });
