import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newestCoachesSchema } from '../../../contracts/experts';
import { HOME_COACH_LIMIT } from '../../../contracts/limits';
import type { AppContext } from '../../context';
import { countCoaches, newestCoaches } from './data';
import { cachedUntilExpertsChange } from '../../cache/until-changed';

export const expertRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, bus }) => {
  // Cached already serialised: checked against the contract once per change, not per request.
  const newest = cachedUntilExpertsChange(bus, async () => {
    const [coaches, total] = await Promise.all([
      newestCoaches(database.db, HOME_COACH_LIMIT),
      countCoaches(database.db),
    ]);
    return JSON.stringify(newestCoachesSchema.parse({ coaches, total }));
  });
  app.get(
    '/api/experts/newest',
    { schema: { response: { 200: newestCoachesSchema } } },
    async (_request, reply) =>
      // A string body with a JSON content type is sent as it is, past the serializer; the type
      // provider only knows the object form, hence the cast.
      reply.type('application/json; charset=utf-8').send((await newest()) as never),
  );
};
