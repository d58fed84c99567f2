import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IMAGE_CACHE_SECONDS } from '../../contracts/limits';
import { DISK_STORAGE_URL_PREFIX } from '../adapters/storage/disk';

/** Serves what the disk storage adapter stored, cached for an hour (spec §9). */
export const localFiles = fp<{ root: string }>(async (app: FastifyInstance, { root }) => {
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: DISK_STORAGE_URL_PREFIX,
    decorateReply: false,
    index: false,
    setHeaders(reply) {
      reply.header('Cache-Control', `public, max-age=${IMAGE_CACHE_SECONDS}`);
    },
  });
});
