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
  type PublicCoach,
  publicPlayerSchema,
  UPLOAD_MESSAGES,
} from '../../../contracts/profiles';
import { cachedPerCoach } from '../../cache/until-changed';
import { sendSerialised, serialise } from '../../cache/send-serialised';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import { markProfileCompleted } from '../accounts/data';
import { requireRole } from '../auth/guards';
import { sessionUser } from '../auth/session';
import {
  coachFigures,
  findPublicCoach,
  findPublicPlayer,
  findRoleProfile,
  setPhotoUrl,
  updatePlayerProfile,
  upsertCoachProfile,
} from './data';
import { photoKey, processPhoto, removePhotos } from './photo';
import { requireExpert } from './require-expert';
import { joined } from '../../../contracts/messages';

const photoResponse = z.object({ photoUrl: z.string().nullable() });
/** Coach pages held in memory: enough for every Coach a busy hour visits, about 1 KB each. */
const COACH_PAGE_CACHE_SIZE = 10_000;

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
        slug: expert.slug,
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
      const user = await requireRole(auth, request, 'expert');
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
      const user = await requireRole(auth, request, 'asker');
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
      const user = await requireRole(auth, request, 'asker');
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
      const photo = await processPhoto(bytes);
      // The old file goes first (spec §7), whichever format it was.
      await removePhotos(storage, user.id);
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
      const user = await requireRole(auth, request, request.params.role);
      await removePhotos(storage, user.id);
      await setPhotoUrl(db, user.id, null);
      await bus.publish('experts.changed', { userId: user.id });
      return { photoUrl: null };
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
    const { answeredCount, reviewCount, reviewSum, helpfulCount, ratingCount, ...coach } = found;
    const figures = { answeredCount, reviewCount, reviewSum, helpfulCount, ratingCount };
    const page = { ...coach, ...coachFigures(figures) };
    const json = serialise(publicCoachSchema, { ...page, isOwner: false });
    return { group: coach.userId, value: { page, json } };
  };
  app.get(
    '/api/experts/:idOrSlug',
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
