import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPaths } from '@contracts/api-paths';
import { useAccount } from '@/features/account/api';

/**
 * One Server-Sent Events stream per tab. Coach changes refetch every Coach list; a change to one of
 * the signed-in user's questions refetches their questions, the inbox badge, payouts and payments. The stream is
 * reopened when the user changes, because the server ties it to the session it was opened with.
 */
export function useRealtime() {
  const queryClient = useQueryClient();
  const userId = useAccount().data?.user?.id ?? null;
  useEffect(() => {
    const source = new EventSource(apiPaths.events);
    source.addEventListener('coaches.changed', () => {
      void queryClient.invalidateQueries({ queryKey: ['coaches'] });
    });
    // A question's change may be money moving too: a payout released, held, cancelled; a refund.
    source.addEventListener('questions.changed', () => {
      for (const queryKey of [['questions'], ['payouts'], ['payments', 'history']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    });
    return () => source.close();
  }, [queryClient, userId]);
}
