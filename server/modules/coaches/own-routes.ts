import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityInputSchema,
  ownAvailabilitySchema,
} from '../../../contracts/availability-schemas';
import { coachProfileSchema, ownCoachProfileSchema } from '../../../contracts/profiles';
import { depsOf, type AppContext } from '../../context';
import { transaction } from '../../db/unit-of-work';
import { requireRole } from '../auth';
import { ownAvailability, saveAvailability } from './data/availability';
import { requireCoach } from './require-coach';
import { ownCoachProfile, saveCoachProfile } from './service';

/** The Coach's own profile and availability (ADR 061), under `/api/profiles/expert`. */
export const ownProfileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth } = ctx;
  const { db } = ctx.database;

  app.get(
    '/api/profiles/expert',
    { schema: { response: { 200: ownCoachProfileSchema } } },
    async (request) => ownCoachProfile((await requireCoach(auth, db, request)).coach),
  );

  app.put(
    '/api/profiles/expert',
    { schema: { body: coachProfileSchema, response: { 200: z.object({ id: z.string() }) } } },
    async (request) => {
      const user = await requireRole(auth, request, 'expert');
      return saveCoachProfile(depsOf(ctx, request.log), user, request.body);
    },
  );

  app.get(
    '/api/profiles/expert/availability',
    { schema: { response: { 200: ownAvailabilitySchema } } },
    async (request) => {
      const { coach } = await requireCoach(auth, db, request);
      return (await ownAvailability(db, coach.id))!;
    },
  );

  app.put(
    '/api/profiles/expert/availability',
    {
      schema: { body: availabilityInputSchema, response: { 200: ownAvailabilitySchema } },
      // Who is asking comes before what they sent: no session is a 401 whatever the body.
      preValidation: async (request) => void (await requireRole(auth, request, 'expert')),
    },
    async (request) => {
      const { coach } = await requireCoach(auth, db, request);
      await transaction(depsOf(ctx, request.log), (tx, changes) =>
        saveAvailability(tx, changes, coach, request.body, new Date()),
      );
      return (await ownAvailability(db, coach.id))!;
    },
  );
};
