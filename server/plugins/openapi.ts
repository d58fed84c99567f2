import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/client';
import { AppError } from '../errors';
import { requireAdmin } from '../modules/auth';

/** Where the administrators' routes live; only an administrator's token opens any of them. */
const ADMIN_ROUTES = '/api/admin/';

/** The description without the administrators' routes. */
function withoutAdminRoutes<D extends { paths?: object }>(description: D): D {
  const paths = Object.entries(description.paths ?? {}).filter(
    ([path]) => !path.startsWith(ADMIN_ROUTES),
  );
  return { ...description, paths: Object.fromEntries(paths) };
}

/** Whether the request carries a live administrator's token (never a user's session). */
async function fromAdministrator(db: Executor, request: FastifyRequest): Promise<boolean> {
  if (!request.headers.authorization) return false;
  try {
    await requireAdmin(db, request);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/**
 * `GET /api/openapi.json`, the API's description generated from the routes' schemas. The
 * administrators' routes are listed only to an administrator (issue 36); everyone else gets the
 * routes they may call, the same for all of them, worked out once.
 */
export const openApiDocument = fp<{ db: Executor }>(async (app: FastifyInstance, { db }) => {
  let forEveryone: object | undefined;
  app.get('/api/openapi.json', { schema: { hide: true } }, async (request) => {
    if (await fromAdministrator(db, request)) return app.swagger();
    forEveryone ??= withoutAdminRoutes(app.swagger());
    return forEveryone;
  });
});
