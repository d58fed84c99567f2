import { QueryClient } from '@tanstack/react-query';
import { QUERY_RETRIES, QUERY_STALE_TIME_MS } from '@contracts/limits';
import { ApiRequestError } from '@/lib/api-client';

/**
 * The browser's client retries network and server failures (spec §9: 3 retries); the server
 * renderer's does not, so a failing API call cannot hold a page back for seconds.
 */
export const createQueryClient = ({ retry = true }: { retry?: boolean } = {}) =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        // Retrying a 4xx cannot help.
        retry: (failureCount, error) =>
          retry &&
          failureCount < QUERY_RETRIES &&
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      },
    },
  });
