import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { Toaster } from '@/components/toast/toaster';
import { BetaGate } from '@/features/beta/beta-gate';
import { ErrorBoundary } from './error-screen';

/** What wraps the router, the same in the browser and in the server renderer (ADR 025). */
export function AppRoot({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
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
