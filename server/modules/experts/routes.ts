import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newestCoachesSchema } from '../../../contracts/experts';
import { HOME_COACH_LIMIT } from '../../../contracts/limits';
import type { AppContext } from '../../context';
import { countCoaches, newestCoaches } from './data';

export const expertRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database }) => {
  app.get(
    '/api/experts/newest',
    { schema: { response: { 200: newestCoachesSchema } } },
    async () => {
      const [coaches, total] = await Promise.all([
        newestCoaches(database.db, HOME_COACH_LIMIT),
        countCoaches(database.db),
      ]);
      return { coaches, total };
    },
  );
};
