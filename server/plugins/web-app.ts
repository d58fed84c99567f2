import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiTransport, SsrEntry } from '../../contracts/ssr';
import { notFound } from '../errors';

/** The browser's cookie for the API calls of the page being rendered. */
const visitor = new AsyncLocalStorage<{ cookie: string | undefined }>();

/** A JSON text that cannot close the <script> element it is placed in. */
const inScript = (json: string) => json.replace(/</g, '\\u003c');

/**
 * Serves the built React app: hashed assets cached for a year and sent brotli or gzip compressed
 * when the browser accepts it. A public page is rendered by React on the server (ADR 025), with
 * its head and the data it was rendered from; every other GET gets index.html, so client-side
 * routes (including unknown ones, which render the not-found page) work on reload.
 */
export const webApp = fp<{ root: string; publicUrl: string }>(
  async (app: FastifyInstance, { root, publicUrl }) => {
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
    const renderer = hasBuild ? await loadRenderer(app, root) : null;
    const template = hasBuild ? readFileSync(indexPath, 'utf8') : '';
    const origin = new URL(publicUrl).origin;

    const sendShell = (reply: FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html');

    const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!renderer) return sendShell(reply);
      let result;
      try {
        result = await visitor.run({ cookie: request.headers.cookie }, () =>
          renderer.render({ url: request.url, origin }),
        );
      } catch (err) {
        // A page the server cannot render is still rendered by the browser.
        request.log.error({ err }, 'server rendering failed; sending the app shell');
        return sendShell(reply);
      }
      if (result.kind === 'shell') return sendShell(reply);
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
      const html = template
        .replace(/<title>[^<]*<\/title>/, '')
        .replace(/<meta\s+name="description"[^>]*>/, '')
        .replace('</head>', `  ${result.head}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root">${result.html}</div><script type="application/json" id="ssr-state">${inScript(result.state)}</script>`,
        );
      return (
        reply
          .code(result.status)
          // The page shows who is signed in, so no shared cache may keep it.
          .header('Cache-Control', 'private, no-cache')
          .type('text/html; charset=utf-8')
          .send(html)
      );
    };

    app.setNotFoundHandler(async (request, reply) => {
      const isPage = request.method === 'GET' && !request.url.startsWith('/api/');
      if (!isPage || !hasBuild)
        throw notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
      return renderPage(request, reply);
    });
  },
);

/** The built server renderer, talking to this app's API in process; null without one. */
async function loadRenderer(app: FastifyInstance, root: string): Promise<SsrEntry | null> {
  const entry = path.join(root, '..', 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const renderer = (await import(pathToFileURL(entry).href)) as SsrEntry;
  // A page only reads while it renders, so every call is a GET.
  const transport: ApiTransport = async (url) => {
    const cookie = visitor.getStore()?.cookie;
    const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
  renderer.configure(transport);
  return renderer;
}
