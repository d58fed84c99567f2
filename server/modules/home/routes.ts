import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coachDashboardSchema, yourCoachesSchema } from '../../../contracts/home';
import type { AppContext } from '../../context';
import { requireRole } from '../auth';
import { coachFigures, requireCoach } from '../coaches';
import { coachesAskedBy, earnedCents } from './data';

export const homeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { auth, database }) => {
  const { db } = database;

  app.get(
    '/api/home/coach-dashboard',
    { schema: { response: { 200: coachDashboardSchema } } },
    async (request) => {
      const { coach } = await requireCoach(auth, db, request);
      const stats = coachFigures(coach);
      const earned = await earnedCents(db, coach.id);
      return {
        name: coach.name,
        slug: coach.slug,
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
      const user = await requireRole(auth, request, 'asker');
      return { coaches: await coachesAskedBy(db, user.id) };
    },
  );
};
