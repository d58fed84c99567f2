import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, Role } from '@contracts/account';
import { apiPaths } from '@contracts/api-paths';
import { accountQuery } from '@/lib/account-query';
import { api } from '@/lib/api-client';

/** Who is signed in, their roles, active role and profile completion. */
export const useAccount = () => useQuery(accountQuery());

/** Onboarding's role choice: adds the role and makes it active. */
export const chooseRole = (role: Role) =>
  api<Account>(apiPaths.accountRoles, { method: 'POST', body: { role } });

export const switchActiveRole = (role: Role) =>
  api<Account>(apiPaths.accountActiveRole, { method: 'POST', body: { role } });

/** Writes a fresh account into the cache, so the guard and header update at once. */
export function useSetAccount() {
  const queryClient = useQueryClient();
  return (account: Account) => queryClient.setQueryData(accountQuery().queryKey, account);
}

export function useSwitchRole() {
  const setAccount = useSetAccount();
  return useMutation({ mutationFn: switchActiveRole, onSuccess: setAccount });
}

export const signOut = () => api(apiPaths.auth.signOut, { method: 'POST', body: {} });
