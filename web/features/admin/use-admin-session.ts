import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ADMIN_MESSAGES, type AdminSession } from '@contracts/admin';
import { adminApiPaths } from '@contracts/admin-api-paths';
import { toast } from '@/components/toast/toast-store';
import { adminApi, adminToken, isSessionExpired } from './session';

export const ADMIN_QUERY_KEY = ['admin'] as const;

/** Forgets the token and every admin answer, then returns to the login page (spec §4). */
export function useEndAdminSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (message: { title: string; description: string }) => {
      adminToken.clear();
      queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
      toast(message);
      void navigate('/admin-access', { replace: true });
    },
    [navigate, queryClient],
  );
}

/** Validates the stored token with the server (admin-session-validate). */
export function useAdminSession(enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'session'],
    queryFn: ({ signal }) => adminApi<AdminSession>(adminApiPaths.session, { signal }),
    enabled,
    retry: (count, error) => !isSessionExpired(error) && count < 2,
    staleTime: 60_000,
  });
}

/** Any admin request answered 401 ends the session with 'Session Expired'. */
export function useSessionExpiry() {
  const end = useEndAdminSession();
  return useCallback(
    (error: unknown) => {
      if (isSessionExpired(error)) end(ADMIN_MESSAGES.sessionExpired);
    },
    [end],
  );
}

/** Ends the session when this query's error says it expired. */
export function useExpireOnError(error: unknown) {
  const expire = useSessionExpiry();
  useEffect(() => expire(error), [expire, error]);
}
