import { queryOptions } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@contracts/account-schemas';
import { apiPaths } from '@contracts/api-paths';
import { api } from '@/lib/api-client';

/** Whether the account may be deleted now; the reason when not. */
export const deletionQuery = () =>
  queryOptions({
    queryKey: ['account', 'deletion'],
    queryFn: () => api<{ blocker: string | null }>(apiPaths.accountDeletion),
  });

export const deleteAccount = (input: DeleteAccountInput) =>
  api(apiPaths.accountDelete, { method: 'POST', body: input });

/** Served as an attachment: a plain link downloads it with the session cookie. */
