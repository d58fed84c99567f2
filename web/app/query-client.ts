import { QueryClient } from '@tanstack/react-query';
import { QUERY_RETRIES, QUERY_RETRY_DELAY_MS, QUERY_STALE_TIME_MS } from '@contracts/limits';
import { ApiRequestError } from '@/lib/api-client';

/**
 * The browser's client retries network and server failures (spec §9: 3 retries), quickly, so a
 * failure is said within 2 s; a 4xx is shown at once (issue 26). The server renderer's client
 * does not retry, so a failing API call cannot hold a page back for seconds. A query started
 * offline waits for the connection (TanStack's network mode 'online') and runs when it returns.
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
        retryDelay: (attempt) => QUERY_RETRY_DELAY_MS * 2 ** attempt,
      },
    },
  });
