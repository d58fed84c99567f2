import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPaths, OWN_CHANGE } from '@contracts/api-paths';
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
    let source: EventSource | null = null;
    // Opened once the page is idle: on a hydrating page the stream's request and its first
    // events would compete with hydration for the main thread (issue 26, ADR 054).
    const cancelIdle = whenIdle(() => {
      source = openStream(queryClient);
    });
    return () => {
      cancelIdle();
      source?.close();
    };
  }, [queryClient, userId]);
}

/** The tab's stream, each event refetching what it changed. */
function openStream(queryClient: QueryClient): EventSource {
  const source = new EventSource(apiPaths.events);
  source.addEventListener('coaches.changed', (event) => {
    void queryClient.invalidateQueries({ queryKey: ['coaches'] });
    // The viewer's own Coach row: a payment account finished in another tab, say (issue 36).
    if ((event as MessageEvent).data === OWN_CHANGE) {
      for (const queryKey of [
        ['payments', 'onboarding-status'],
        ['profiles', 'expert'],
        ['payouts'],
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }
  });
  // A question's change may be money moving too: a payout released, held, cancelled; a refund.
  source.addEventListener('questions.changed', () => {
    for (const queryKey of [['questions'], ['payouts'], ['payments', 'history']]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  });
  return source;
}

/** Runs `task` when the browser is idle (at most 2 s from now); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}
