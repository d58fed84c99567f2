import type { Prefetch } from '@/app/router';
import { accountQuery } from '@/lib/account-query';
import { RETURN_PARAM, safeReturn } from '@/lib/intent';

/** Someone already signed in goes where they were going, as the page itself would send them. */
export const prefetch: Prefetch = async ({ queryClient, url }) => {
  // The renderer has read the account already, for the header.
  if (queryClient.getQueryData(accountQuery().queryKey)?.user) {
    return { redirect: safeReturn(url.searchParams.get(RETURN_PARAM)), temporary: true };
  }
};

export { AuthPage } from '@/features/account/auth-page';
