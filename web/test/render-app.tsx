import { render } from '@testing-library/react';
// Not react-router/dom's provider: in Node it loads the router's ES module build, and the app's
// modules (through Vite) its CommonJS one, two routers that do not see each other's context.
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Account } from '@contracts/account';
import { apiPaths } from '@contracts/api-paths';
import type { BetaStatus } from '@contracts/beta';
import { AppRoot } from '@/app/app-root';
import { createQueryClient } from '@/app/query-client';
import { routes } from '@/app/router';
import { setApiTransport } from '@/lib/api-client';

export { signedIn, signedOut } from './accounts';

/**
 * What the fake API answers: a path (without its query) and its JSON, or a function of the request,
 * of how many requests to that path came before it (not counting those the app aborted) and of its
 * query.
 */
export type FakeApi = Record<
  string,
  | unknown
  | ((init: RequestInit, earlier: number, query: URLSearchParams) => Response | Promise<Response>)
>;

interface Recorded {
  path: string;
  method: string;
  body?: unknown;
}

const admitted: BetaStatus = { required: false, granted: true };
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The component-test layer (ADR 080): the app's own routes, providers and pages rendered by React in
 * happy-dom, at `path` in a memory router, with the API answered by `api` (the beta gate passed;
 * anything else answers 404) and the browser's query client, retries and all. `requests()` lists
 * what the app asked; through `queryClient` a test refetches as a realtime event would. No server,
 * no browser: for the UI's own decisions (where a guard sends someone, what a form says), not for
 * what the server does.
 */
export function renderApp(
  path: string,
  { account, api = {} }: { account: Account; api?: FakeApi },
) {
  const made: { request: Recorded; signal?: AbortSignal | null }[] = [];
  // React's StrictMode mounts twice in development, so a query's first request may be aborted
  // and made again: a request the app aborted is not one the server would have answered.
  const requests = () => made.filter(({ signal }) => !signal?.aborted).map((r) => r.request);
  const answers: FakeApi = { [apiPaths.beta]: admitted, [apiPaths.account]: account, ...api };
  setApiTransport(async (url, init = {}) => {
    const { pathname, searchParams } = new URL(url, 'http://app.test');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const earlier = requests().filter((r) => r.path === pathname).length;
    made.push({
      request: { path: pathname, method: init.method ?? 'GET', body },
      signal: init.signal,
    });
    const answer = answers[pathname];
    if (answer === undefined) return json(404, { message: 'Not found' });
    return typeof answer === 'function' ? answer(init, earlier, searchParams) : json(200, answer);
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppRoot queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppRoot>,
  );
  /** Where the app is now, as the address bar would show it. */
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, queryClient, requests, location };
}
