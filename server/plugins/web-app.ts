import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../errors';

/**
 * Serves the built React app: hashed assets cached for a year and sent brotli or gzip compressed
 * when the browser accepts it, index.html for every other GET so client-side routes (including
 * unknown ones, which render the not-found page) work on reload.
 */
export const webApp = fp<{ root: string }>(async (app: FastifyInstance, { root }) => {
  const hasBuild = existsSync(path.join(root, 'index.html'));
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
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/');
    if (!isPage || !hasBuild)
      throw notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
