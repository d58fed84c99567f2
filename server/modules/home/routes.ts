import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coachDashboardSchema, yourCoachesSchema } from '../../../contracts/home';
import { PROFILE_MESSAGES } from '../../../contracts/profiles';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { requireRole } from '../auth/guards';
import { coachStats, findExpertByUser } from '../profiles/data';
import { coachesAskedBy, earnedCents } from './data';

export const homeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { auth, database }) => {
  const { db } = database;

  app.get(
    '/api/home/coach-dashboard',
    { schema: { response: { 200: coachDashboardSchema } } },
    async (request) => {
      const user = await requireRole(auth, db, request, 'expert');
      const expert = await findExpertByUser(db, user.id);
      if (!expert) {
        throw notFound(
          `${PROFILE_MESSAGES.expertMissing.title} ${PROFILE_MESSAGES.expertMissing.description}`,
        );
      }
      const [stats, earned] = await Promise.all([
        coachStats(db, expert.id),
        earnedCents(db, expert.id),
      ]);
      return {
        questionsAnswered: stats.answeredCount,
        earnedCents: earned,
        starRating: stats.starRating,
      };
    },
  );

  app.get(
    '/api/home/your-coaches',
    { schema: { response: { 200: yourCoachesSchema } } },
    async (request) => {
      const user = await requireRole(auth, db, request, 'asker');
      return { coaches: await coachesAskedBy(db, user.id) };
    },
  );
};
