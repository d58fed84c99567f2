import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newestCoachesSchema } from '../../../contracts/coaches';
import { HOME_COACH_LIMIT } from '../../../contracts/limits';
import type { AppContext } from '../../context';
import { countCoaches, homeFigures, newestCoaches } from './data';
import { cachedUntilCoachesChange } from '../../cache/until-changed';
import { sendSerialised, serialise } from '../../cache/send-serialised';
import { coachPageRoutes } from './page-routes';
import { ownProfileRoutes } from './own-routes';

export const coachRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { database, bus } = ctx;
  const newest = cachedUntilCoachesChange(bus, async () => {
    const [coaches, total, figures] = await Promise.all([
      newestCoaches(database.db, HOME_COACH_LIMIT),
      countCoaches(database.db),
      homeFigures(database.db),
    ]);
    return serialise(newestCoachesSchema, { coaches, total, figures });
  });
  app.get(
    '/api/coaches/newest',
    { schema: { response: { 200: newestCoachesSchema } } },
    async (_request, reply) => sendSerialised(reply, await newest()),
  );
  await app.register(coachPageRoutes, ctx);
  await app.register(ownProfileRoutes, ctx);
};
