import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleSchema } from '../../../contracts/account-schemas';
import {
  availabilityInputSchema,
  ownAvailabilitySchema,
} from '../../../contracts/availability-schemas';
import { IMAGE_MAX_BYTES } from '../../../contracts/limits';
import {
  coachProfileSchema,
  ownCoachProfileSchema,
  ownPlayerProfileSchema,
  playerProfileSchema,
  PROFILE_MESSAGES,
  publicCoachSchema,
  type PublicCoach,
  publicPlayerSchema,
  UPLOAD_MESSAGES,
} from '../../../contracts/profiles';
import { cachedPerCoach } from '../../cache/until-changed';
import { sendSerialised, serialise } from '../../cache/send-serialised';
import { depsOf, type AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import { requireRole, sessionUser } from '../auth';
import { availabilityFrom, ownAvailability, saveAvailability } from '../coaches';
import { transaction } from '../../db/unit-of-work';
import { coachFigures, findPublicCoach } from './data';
import { requireCoach } from './require-coach';
import {
  deletePhoto,
  ownCoachProfile,
  ownPlayerProfile,
  publicPlayer,
  replacePhoto,
  saveCoachProfile,
  savePlayerProfile,
} from './service';
import { joined } from '../../../contracts/messages';

const photoResponse = z.object({ photoUrl: z.string().nullable() });
/** Coach pages held in memory: enough for every Coach a busy hour visits, about 1 KB each. */
const COACH_PAGE_CACHE_SIZE = 10_000;

export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth, bus } = ctx;
  const { db } = ctx.database;

  // ------------------------------------------------------------------ Coach profile (own)

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

  // ------------------------------------------------------------------ Coach availability (ADR 061)

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

  // ------------------------------------------------------------------ Player profile (own)

  app.get(
    '/api/profiles/asker',
    { schema: { response: { 200: ownPlayerProfileSchema } } },
    async (request) => {
      const user = await requireRole(auth, request, 'asker');
      return ownPlayerProfile(depsOf(ctx, request.log), user);
    },
  );

  app.put(
    '/api/profiles/asker',
    { schema: { body: playerProfileSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = await requireRole(auth, request, 'asker');
      await savePlayerProfile(depsOf(ctx, request.log), user, request.body);
      return reply.code(204).send(null);
    },
  );

  // ------------------------------------------------------------------ Photo

  app.post(
    '/api/profiles/:role/photo',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { params: z.object({ role: roleSchema }), response: { 200: photoResponse } },
    },
    async (request) => {
      const user = await requireRole(auth, request, request.params.role);
      let bytes: Buffer;
      try {
        const file = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
        if (!file) throw badRequest(joined(UPLOAD_MESSAGES.invalidType));
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, joined(UPLOAD_MESSAGES.tooLarge));
        }
        const status = (err as { statusCode?: number }).statusCode;
        if (err instanceof AppError || (status !== undefined && status < 500)) throw err;
        // A body that is not well-formed multipart (cut short, say) is the client's error.
        throw badRequest(UPLOAD_MESSAGES.failed);
      }
      return replacePhoto(depsOf(ctx, request.log), user, bytes);
    },
  );

  app.delete(
    '/api/profiles/:role/photo',
    { schema: { params: z.object({ role: roleSchema }), response: { 200: photoResponse } } },
    async (request) => {
      const user = await requireRole(auth, request, request.params.role);
      return deletePhoto(depsOf(ctx, request.log), user);
    },
  );

  // ------------------------------------------------------------------ Public profiles

  // A Coach's page is the same for every visitor but its owner, so the visitors' form is kept
  // serialised until the Coach or one of their questions changes.
  const coachPages = cachedPerCoach<{ page: Omit<PublicCoach, 'isOwner'>; json: Buffer }>(
    bus,
    COACH_PAGE_CACHE_SIZE,
  );
  const loadCoachPage = async (idOrSlug: string) => {
    const found = await findPublicCoach(db, idOrSlug);
    if (!found) return null;
    const {
      answeredCount,
      reviewCount,
      reviewSum,
      helpfulCount,
      ratingCount,
      responseHours,
      medianResponseMinutes,
      ...coach
    } = found;
    const figures = {
      answeredCount,
      reviewCount,
      reviewSum,
      helpfulCount,
      ratingCount,
      responseHours,
      medianResponseMinutes,
    };
    const page = {
      ...coach,
      ...coachFigures(figures),
      availability: availabilityFrom(coach.availability),
    };
    const json = serialise(publicCoachSchema, { ...page, isOwner: false });
    return { group: coach.userId, value: { page, json } };
  };
  app.get(
    '/api/coaches/:idOrSlug',
    {
      schema: {
        params: z.object({ idOrSlug: z.string().min(1).max(200) }),
        response: { 200: publicCoachSchema },
      },
    },
    async (request, reply) => {
      const [cached, viewer] = await Promise.all([
        coachPages(request.params.idOrSlug, () => loadCoachPage(request.params.idOrSlug)),
        sessionUser(auth, request),
      ]);
      if (!cached) throw notFound(PROFILE_MESSAGES.coachNotFound);
      if (viewer?.id === cached.group) return { ...cached.value.page, isOwner: true };
      return sendSerialised(reply, cached.value.json);
    },
  );

  app.get(
    '/api/players/:userId',
    {
      schema: {
        params: z.object({ userId: z.string().min(1).max(200) }),
        response: { 200: publicPlayerSchema },
      },
    },
    async (request) => publicPlayer(depsOf(ctx, request.log), request.params.userId),
  );
};
