import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROFILE_MESSAGES, publicCoachSchema, type PublicCoach } from '../../../contracts/profiles';
import { cachedPerCoach } from '../../cache/until-changed';
import { sendSerialised, serialise } from '../../cache/send-serialised';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { sessionUser } from '../auth';
import { availabilityFrom } from './data/availability';
import { coachFigures, findPublicCoach } from './data/page';

/** Coach pages held in memory: enough for every Coach a busy hour visits, about 1 KB each. */
const COACH_PAGE_CACHE_SIZE = 10_000;

/** The Coach's public page, `/api/coaches/:idOrSlug`. */
export const coachPageRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { auth, bus, database },
) => {
  const { db } = database;
  // A Coach's page is the same for every visitor but its owner, so the visitors' form is kept
  // serialised until the Coach or one of their questions changes.
  const coachPages = cachedPerCoach<{ page: Omit<PublicCoach, 'isOwner'>; json: Buffer }>(
    bus,
    COACH_PAGE_CACHE_SIZE,
  );
  const loadCoachPage = async (idOrSlug: string) => {
    const found = await findPublicCoach(db, idOrSlug);
    if (!found) return null;
    const { figures, availability, ...coach } = found;
    const page = {
      ...coach,
      ...coachFigures(figures),
      availability: availabilityFrom(availability),
      payoutReady: availability.payoutsEnabled,
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
};
