import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from '@/app/error-screen';
import { queryClient } from '@/app/query-client';
import { Toaster } from '@/components/toast/toaster';
import { BetaGate } from '@/features/beta/beta-gate';
import { router } from '@/app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BetaGate>
          <RouterProvider router={router} />
        </BetaGate>
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);
