import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiTransport, PageFormState, SsrEntry } from '../../contracts/ssr';
import { notFound } from '../errors';
import { pageForms } from './page-forms';

/**
 * The request a page is rendered for: its cookie, and the app whose API the page's data comes
 * from. The renderer's transport is set once per renderer module, which several apps in one process
 * (the API tests, ADR 078) share, so each render names its own app here.
 */
const visitor = new AsyncLocalStorage<{ cookie: string | undefined; app: FastifyInstance }>();

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A rendered page, brotli or gzip compressed when the browser takes it: the assets are compressed
 * at build time, a page on each request, at a quality that costs well under a millisecond.
 */
async function compressed(html: string, acceptEncoding: string | undefined) {
  const accepts = (coding: string) => new RegExp(`\\b${coding}\\b`).test(acceptEncoding ?? '');
  if (accepts('br')) {
    const body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { body, encoding: 'br' };
  }
  if (accepts('gzip')) return { body: await gzipped(html), encoding: 'gzip' };
  return { body: html, encoding: null };
}

/** A JSON text that cannot close the <script> element it is placed in. */
const inScript = (json: string) => json.replace(/</g, '\\u003c');

/**
 * The page template filled with a rendered page. Each piece goes in through a replacer function:
 * a replacement string would expand `$'`, `$&`, `$1`... in a Coach's name or bio and break the
 * page's data for every visitor (issue 21), so no rendered text is ever a replacement pattern.
 */
function fillPage(template: string, page: { head: string; html: string; state: string }): string {
  return template
    .replace(/<title>[^<]*<\/title>/, () => '')
    .replace(/<meta\s+name="description"[^>]*>/, () => '')
    .replace('</head>', () => `  ${page.head}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="ssr-state">${inScript(page.state)}</script>`,
    );
}

/**
 * Serves the built React app: hashed assets cached for a year and sent brotli or gzip compressed
 * when the browser accepts it. A public page is rendered by React on the server (ADR 026), with
 * its head and the data it was rendered from; every other GET gets index.html, so client-side
 * routes (including unknown ones, which render the not-found page) work on reload.
 */
export const webApp = fp<{ root: string; publicUrl: string; renderer?: SsrEntry }>(
  async (app: FastifyInstance, { root, publicUrl, renderer: given }) => {
    const indexPath = path.join(root, 'index.html');
    const hasBuild = existsSync(indexPath);
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (scripts/compress-assets.mjs).
        preCompressed: true,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'Cache-Control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    const renderer = hasBuild ? await loadRenderer(app, root, given) : null;
    const template = hasBuild ? inlineStylesheet(root, readFileSync(indexPath, 'utf8')) : '';
    const origin = new URL(publicUrl).origin;

    const sendShell = (reply: FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html');

    const renderPage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      form?: PageFormState,
    ) => {
      if (!renderer) return sendShell(reply);
      let result;
      try {
        result = await visitor.run({ cookie: request.headers.cookie, app }, () =>
          renderer.render({ url: request.url, origin, ...(form ? { form } : {}) }),
        );
      } catch (err) {
        // A page the server cannot render is still rendered by the browser.
        request.log.error({ err }, 'server rendering failed; sending the app shell');
        return sendShell(reply);
      }
      if (result.kind === 'shell') return sendShell(reply);
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
      const html = fillPage(template, result);
      const { body, encoding } = await compressed(html, request.headers['accept-encoding']);
      if (encoding) reply.header('Content-Encoding', encoding);
      return (
        reply
          .code(result.status)
          // The page shows who is signed in, so no shared cache may keep it.
          .header('Cache-Control', 'private, no-cache')
          .header('Vary', 'Accept-Encoding, Cookie')
          .type('text/html; charset=utf-8')
          .send(body)
      );
    };

    // The beta gate and sign-in are plain HTML forms the server handles too (ADR 053).
    const forms = hasBuild
      ? await pageForms(app, { publicOrigin: origin, render: renderPage })
      : null;

    // A page answers HEAD as it answers GET, without the body (Node's HTTP server drops it), so
    // uptime monitors see what visitors get.
    app.setNotFoundHandler(async (request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
      if (!isPage || !hasBuild)
        throw notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
      return (await forms?.accessLink(request, reply)) ?? renderPage(request, reply);
    });
  },
);

/**
 * The page template with the app's one stylesheet in a <style> element: a server-rendered page
 * paints without a second round trip (issue 12's LCP on a slow phone connection). The shell keeps
 * the cacheable <link>. The CSP allows inline styles (plugins/security.ts).
 */
function inlineStylesheet(root: string, html: string): string {
  return html.replace(
    /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/,
    (_link, file: string) => `<style>${readFileSync(path.join(root, file), 'utf8')}</style>`,
  );
}

/**
 * The server renderer, talking to this app's API in process: the one given (a test's, from the
 * source) or the build's; null without one.
 */
async function loadRenderer(
  app: FastifyInstance,
  root: string,
  given: SsrEntry | undefined,
): Promise<SsrEntry | null> {
  const entry = path.join(root, '..', 'ssr', 'entry-server.js');
  if (!given && !existsSync(entry)) return null;
  const renderer = given ?? ((await import(pathToFileURL(entry).href)) as SsrEntry);
  // A page only reads while it renders, so every call is a GET.
  const transport: ApiTransport = async (url) => {
    const { cookie, app: rendering } = visitor.getStore() ?? { cookie: undefined, app };
    const res = await rendering.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
  renderer.configure(transport);
  return renderer;
}
