import './zod-config';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppRoot } from '@/app/app-root';
import { loadSignedInNav } from '@/app/header';
import { createQueryClient } from '@/app/query-client';
import { routes } from '@/app/router';
import { accountQuery } from '@/lib/account-query';
import { prepareClassMerging } from '@/lib/cn';
import { SSR_STATE_ID } from '@/lib/ssr-state';

/**
 * Lets the browser run other work before the next step. Evaluating a chunk and what follows it run
 * in one task otherwise, and on a slow phone two such steps make a task long enough to block input
 * (Lighthouse's TBT counts every task over 50 ms).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Renders the app into #root, hydrating the server's HTML when there is some (ADR 026). */
export async function start() {
  await nextTask();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const queryClient = createQueryClient();
  const state = document.getElementById(SSR_STATE_ID);
  if (state?.textContent) hydrate(queryClient, JSON.parse(state.textContent));

  // The server rendered this page's route modules; load them before hydrating, or the router
  // would first render nothing where the server's HTML has the page (ADR 026).
  // So is the signed-in header's menu (ADR 054).
  const signedIn = Boolean(queryClient.getQueryData(accountQuery().queryKey)?.user);
  await Promise.all([
    signedIn && loadSignedInNav(),
    ...(matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  ]);
  // Each step below is its own task: together with the first slice of hydration they made two
  // tasks of 60-70 ms at a phone's CPU, each over Lighthouse's 50 ms (ADR 064).
  await nextTask();
  prepareClassMerging();
  await nextTask();
  const router = createBrowserRouter(routes);
  await nextTask();
  const app = (
    <AppRoot queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppRoot>
  );
  // The page is already on screen, so hydrating it can wait for input: as a transition React
  // hydrates in slices of a few milliseconds instead of one long task (Lighthouse's TBT, ADR 026).
  if (state) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
