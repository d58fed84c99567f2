import { queryOptions } from '@tanstack/react-query';
import type { Account } from '@contracts/account';
import { apiPaths } from '@contracts/api-paths';
import { api } from './api-client';

/**
 * Who is signed in. Shared, not the account feature's own: every feature that changes what the
 * account says (a new profile, a role) refreshes it.
 */
export const accountQuery = () =>
  queryOptions({
    queryKey: ['account'],
    queryFn: () => api<Account>(apiPaths.account),
    // The guard decides with this; it must never be served stale across a sign-in or sign-out.
    staleTime: 0,
  });
