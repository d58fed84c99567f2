import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { directoryPageSchema, directoryQuerySchema } from '../../../contracts/directory-schemas';
import type { AppContext } from '../../context';
import { directoryPage } from './data';

export const directoryRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  app.get(
    '/api/coaches',
    { schema: { querystring: directoryQuerySchema, response: { 200: directoryPageSchema } } },
    async (request) => directoryPage(database.db, request.query),
  );
};
