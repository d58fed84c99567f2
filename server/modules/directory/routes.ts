import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { directoryPageSchema, directoryQuerySchema } from '../../../contracts/directory-schemas';
import { sendSerialised, serialise } from '../../cache/send-serialised';
import { cachedDirectoryPages } from '../../cache/until-changed';
import type { AppContext } from '../../context';
import { directoryPage } from './data';

/** Directory pages held in memory: the common searches of a busy minute, a few KB each. */
const DIRECTORY_CACHE_SIZE = 2_000;

export const directoryRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, bus },
) => {
  const pages = cachedDirectoryPages<Buffer>(bus, DIRECTORY_CACHE_SIZE);
  app.get(
    '/api/coaches',
    { schema: { querystring: directoryQuerySchema, response: { 200: directoryPageSchema } } },
    async (request, reply) => {
      // The query as validated: equal searches share an entry however the URL spelled them.
      const page = await pages(JSON.stringify(request.query), async () => ({
        group: 'directory',
        value: serialise(directoryPageSchema, await directoryPage(database.db, request.query)),
      }));
      return sendSerialised(reply, page!.value);
    },
  );
};
