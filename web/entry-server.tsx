import { dehydrate } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PAGE_FORM_QUERY_KEY, type PageMeta, type SsrEntry } from '@contracts/ssr';
import { AppRoot } from '@/app/app-root';
import { loadSignedInNav } from '@/app/header';
import { createQueryClient } from '@/app/query-client';
import { routes, type SsrHandle } from '@/app/router';
import { accountQuery } from '@/lib/account-query';
import { betaStatusQuery } from '@/features/beta/api';
import { publicConfigQuery } from '@/features/public-config/api';
import { setApiTransport } from '@/lib/api-client';
import { MetaCollector, renderHead } from '@/lib/meta';
import { HOME_META } from '@/lib/site-meta';

/**
 * The server renderer (ADR 026): the public pages are rendered by React on the first request,
 * with their data, title and link preview, then hydrated in the browser.
 */
const handler = createStaticHandler(routes);

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : String(chunk);
  return html;
}

const render: SsrEntry['render'] = async ({ url, origin, form }) => {
  const request = new Request(new URL(url, origin));
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: 302, location: context.headers.get('Location') ?? '/' };
  }
  const leaf = context.matches.at(-1);
  if (!leaf) return { kind: 'shell' };
  const handle = leaf.route.handle as SsrHandle | undefined;

  const queryClient = createQueryClient({ retry: false });
  await queryClient.prefetchQuery(betaStatusQuery());
  // Behind the beta gate, a visitor without the code is shown the gate and nothing else, on every
  // page: the gate is a plain form the server handles, so it works before the app has loaded and
  // with JavaScript off (ADR 053).
  const admitted = queryClient.getQueryData(betaStatusQuery().queryKey)?.granted === true;
  if (admitted && !handle) return { kind: 'shell' };
  await Promise.all([
    queryClient.prefetchQuery(accountQuery()),
    queryClient.prefetchQuery(publicConfigQuery()),
  ]);
  // A form the page posted comes back with its message and what was typed (ADR 053).
  if (form) queryClient.setQueryData(PAGE_FORM_QUERY_KEY, form);
  if (queryClient.getQueryData(accountQuery().queryKey)?.user) await loadSignedInNav();
  let status = context.statusCode;
  if (admitted && handle) {
    const { prefetch } = await handle.ssr();
    const outcome = await prefetch?.({
      queryClient,
      params: leaf.params,
      url: new URL(request.url),
    });
    if (outcome?.redirect) {
      const moved = outcome.temporary ? 302 : 301;
      return { kind: 'redirect', status: moved, location: outcome.redirect };
    }
    if (outcome?.status) status = outcome.status;
  }

  let meta: PageMeta = HOME_META;
  const { prelude } = await prerenderToNodeStream(
    <MetaCollector value={(next) => (meta = next)}>
      <AppRoot queryClient={queryClient}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          // The router has no loader data to carry; an inline script would break the CSP.
          hydrate={false}
        />
      </AppRoot>
    </MetaCollector>,
  );
  const html = await streamToString(prelude);
  return {
    kind: 'page',
    status,
    head: renderHead(meta, origin),
    html,
    state: JSON.stringify(dehydrate(queryClient)),
  };
};

export const configure: SsrEntry['configure'] = setApiTransport;
export { render };
