import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleSchema } from '../../../contracts/account-schemas';
import { IMAGE_MAX_BYTES } from '../../../contracts/limits';
import {
  coachProfileSchema,
  ownCoachProfileSchema,
  ownPlayerProfileSchema,
  playerProfileSchema,
  PROFILE_MESSAGES,
  publicCoachSchema,
  publicPlayerSchema,
  UPLOAD_MESSAGES,
} from '../../../contracts/profiles';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import { markProfileCompleted } from '../accounts/data';
import { requireRole } from '../auth/guards';
import { sessionUser } from '../auth/session';
import {
  coachStats,
  findPublicCoach,
  findPublicPlayer,
  findRoleProfile,
  setPhotoUrl,
  updatePlayerProfile,
  upsertCoachProfile,
} from './data';
import { photoKey, processPhoto } from './photo';
import { requireExpert } from './require-expert';

const joined = (m: { title: string; description: string }) => `${m.title} ${m.description}`;
const photoResponse = z.object({ photoUrl: z.string().nullable() });

export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { auth, storage, bus } = ctx;
  const { db } = ctx.database;

  // ------------------------------------------------------------------ Coach profile (own)

  app.get(
    '/api/profiles/expert',
    { schema: { response: { 200: ownCoachProfileSchema } } },
    async (request) => {
      const { expert } = await requireExpert(auth, db, request);
      return {
        id: expert.id,
        name: expert.name,
        expertise: expert.expertise,
        price: expert.pricePerQuestion / 100,
        bio: expert.bio,
        photoUrl: expert.photoUrl,
        websiteUrl: expert.websiteUrl,
        linkedinUrl: expert.linkedinUrl,
        twitterUrl: expert.twitterUrl,
        instagramUrl: expert.instagramUrl,
        onboardingComplete: expert.stripeOnboardingComplete,
      };
    },
  );

  app.put(
    '/api/profiles/expert',
    { schema: { body: coachProfileSchema, response: { 200: z.object({ id: z.string() }) } } },
    async (request) => {
      const user = await requireRole(auth, db, request, 'expert');
      const expert = await db.transaction(async (tx) => {
        const saved = await upsertCoachProfile(tx, user, request.body);
        await markProfileCompleted(tx, user.id, 'expert');
        return saved;
      });
      await bus.publish('experts.changed', { userId: user.id });
      return { id: expert.id };
    },
  );

  // ------------------------------------------------------------------ Player profile (own)

  app.get(
    '/api/profiles/asker',
    { schema: { response: { 200: ownPlayerProfileSchema } } },
    async (request) => {
      const user = await requireRole(auth, db, request, 'asker');
      const row = await findRoleProfile(db, user.id, 'asker');
      return {
        name: row?.name ?? user.name,
        bio: row?.bio ?? null,
        photoUrl: row?.photoUrl ?? null,
        websiteUrl: row?.websiteUrl ?? null,
        linkedinUrl: row?.linkedinUrl ?? null,
        twitterUrl: row?.twitterUrl ?? null,
        instagramUrl: row?.instagramUrl ?? null,
      };
    },
  );

  app.put(
    '/api/profiles/asker',
    { schema: { body: playerProfileSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = await requireRole(auth, db, request, 'asker');
      await db.transaction(async (tx) => {
        await updatePlayerProfile(tx, user.id, request.body);
        await markProfileCompleted(tx, user.id, 'asker');
      });
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
      const user = await requireRole(auth, db, request, request.params.role);
      const file = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest(joined(UPLOAD_MESSAGES.invalidType));
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, joined(UPLOAD_MESSAGES.tooLarge));
        }
        throw err;
      }
      const photo = await processPhoto(bytes);
      // The old file goes first (spec §7), whichever format it was.
      await Promise.all([
        storage.remove(photoKey(user.id, 'png')),
        storage.remove(photoKey(user.id, 'jpg')),
      ]);
      const key = photoKey(user.id, photo.extension);
      await storage.put(key, photo.body, photo.contentType);
      // The key is reused, so a version keeps browsers from showing the cached old photo.
      const photoUrl = `${storage.publicUrl(key)}?v=${Date.now()}`;
      await setPhotoUrl(db, user.id, photoUrl);
      await bus.publish('experts.changed', { userId: user.id });
      return { photoUrl };
    },
  );

  app.delete(
    '/api/profiles/:role/photo',
    { schema: { params: z.object({ role: roleSchema }), response: { 200: photoResponse } } },
    async (request) => {
      const user = await requireRole(auth, db, request, request.params.role);
      await Promise.all([
        storage.remove(photoKey(user.id, 'png')),
        storage.remove(photoKey(user.id, 'jpg')),
      ]);
      await setPhotoUrl(db, user.id, null);
      await bus.publish('experts.changed', { userId: user.id });
      return { photoUrl: null };
    },
  );

  // ------------------------------------------------------------------ Public profiles

  app.get(
    '/api/experts/:idOrSlug',
    {
      schema: {
        params: z.object({ idOrSlug: z.string().min(1).max(200) }),
        response: { 200: publicCoachSchema },
      },
    },
    async (request) => {
      const coach = await findPublicCoach(db, request.params.idOrSlug);
      if (!coach) throw notFound(PROFILE_MESSAGES.coachNotFound);
      const [stats, viewer] = await Promise.all([
        coachStats(db, coach.id),
        sessionUser(auth, request),
      ]);
      return { ...coach, ...stats, isOwner: viewer?.id === coach.userId };
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
    async (request) => {
      const player = await findPublicPlayer(db, request.params.userId);
      if (!player) throw notFound(joined(PROFILE_MESSAGES.playerNotFound));
      return {
        id: player.id,
        name: player.name,
        bio: player.bio,
        photoUrl: player.photoUrl,
        memberSince: player.createdAt.toISOString(),
        questionsAsked: player.questionsAsked,
      };
    },
  );
};
