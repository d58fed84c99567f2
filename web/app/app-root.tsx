import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { Toaster } from '@/components/toast/toaster';
import { BetaGate } from '@/features/beta/beta-gate';
import { ErrorBoundary } from './error-screen';

/** What wraps the router, the same in the browser and in the server renderer (ADR 026). */
export function AppRoot({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  // Marks the page interactive. A click on server-rendered HTML while React is still hydrating it
  // can be lost, so the browser tests wait for this before they act.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <BetaGate>{children}</BetaGate>
          <Toaster />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}
