import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newestCoachesSchema } from '../../../contracts/experts';
import { HOME_COACH_LIMIT } from '../../../contracts/limits';
import type { AppContext } from '../../context';
import { countCoaches, newestCoaches } from './data';
import { cachedUntilExpertsChange } from '../../cache/until-changed';
import { sendSerialised, serialise } from '../../cache/send-serialised';

export const expertRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, bus }) => {
  const newest = cachedUntilExpertsChange(bus, async () => {
    const [coaches, total] = await Promise.all([
      newestCoaches(database.db, HOME_COACH_LIMIT),
      countCoaches(database.db),
    ]);
    return serialise(newestCoachesSchema, { coaches, total });
  });
  app.get(
    '/api/experts/newest',
    { schema: { response: { 200: newestCoachesSchema } } },
    async (_request, reply) => sendSerialised(reply, await newest()),
  );
};
