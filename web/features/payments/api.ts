import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LocalCheckout, OnboardingStatus } from '@contracts/payments';
import { paymentApiPaths } from '@contracts/payment-api-paths';
import { api } from '@/lib/api-client';

interface UrlResponse {
  url: string;
}
interface RedirectResponse {
  redirect: string;
}

// ------------------------------------------------------------------ Player checkout

/** The local provider's test checkout session, as its page shows it. */
export const localCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['payments', 'local-checkout', sessionId],
    queryFn: ({ signal }) =>
      api<LocalCheckout>(paymentApiPaths.localCheckout(sessionId), { signal }),
    staleTime: 0,
  });

export const useLocalCheckout = (sessionId: string) =>
  useQuery({ ...localCheckoutQuery(sessionId), enabled: sessionId !== '' });

/** Pays or abandons a test checkout session; answers where to send the Player next. */
export const finishLocalCheckout = (sessionId: string, outcome: 'pay' | 'cancel') =>
  api<RedirectResponse>(paymentApiPaths.finishLocalCheckout(sessionId, outcome), {
    method: 'POST',
  }).then(({ redirect }) => redirect);

// ------------------------------------------------------------------ Coach payment account

export const onboardingStatusQuery = () =>
  queryOptions({
    queryKey: ['payments', 'onboarding-status'],
    queryFn: ({ signal }) => api<OnboardingStatus>(paymentApiPaths.onboardingStatus, { signal }),
    // The Coach finishes onboarding in another tab: look again whenever this one regains focus.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });

export const useOnboardingStatus = () => useQuery(onboardingStatusQuery());

/** Creates the Coach's connected account if needed; answers the onboarding link. */
export const startOnboarding = () =>
  api<UrlResponse>(paymentApiPaths.paymentConnect, { method: 'POST' }).then(({ url }) => url);

export const useStartOnboarding = () => useMutation({ mutationFn: startOnboarding });

/** The Coach's payment dashboard link. */
export const openPortal = () =>
  api<UrlResponse>(paymentApiPaths.paymentPortal, { method: 'POST' }).then(({ url }) => url);

export const usePortal = () => useMutation({ mutationFn: openPortal });

/** The local provider's stand-in for finishing onboarding. */
export const completeLocalOnboarding = (accountId: string) =>
  api(paymentApiPaths.completeLocalOnboarding(accountId), {
    method: 'POST',
  });

/** Completing onboarding changes the status, the payouts page and the Coach's own profile. */
export function useCompleteLocalOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLocalOnboarding,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['payments'] }),
        queryClient.invalidateQueries({ queryKey: ['payouts'] }),
        queryClient.invalidateQueries({ queryKey: ['profiles', 'expert', 'own'] }),
      ]),
  });
}

// ------------------------------------------------------------------ Helpers

/**
 * A same-origin path taken from a URL handed to us in a query parameter, or the fallback: the
 * parameter is user-controlled, so it must never send anyone to another site.
 */
export function sameOriginPath(candidate: string | null, fallback: string): string {
  if (!candidate) return fallback;
  try {
    const url = new URL(candidate, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
