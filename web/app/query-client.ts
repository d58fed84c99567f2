import { QueryClient } from '@tanstack/react-query';
import { QUERY_RETRIES, QUERY_STALE_TIME_MS } from '@contracts/limits';
import { ApiRequestError } from '@/lib/api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: QUERY_STALE_TIME_MS,
      // Retrying a 4xx cannot help; network and server failures get the spec's 3 retries.
      retry: (failureCount, error) =>
        failureCount < QUERY_RETRIES &&
        !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
    },
  },
});
