import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coachPreviewVersion, type CoachPreviewFields } from '../../../contracts/link-preview';
import { formatWholeDollars } from '../../../contracts/money';
import { GroupedCache } from '../../cache/grouped';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { findPublicCoach } from '../coaches';
import { readPhoto } from '../photos';
import { CoachCard, SiteCard } from './card';
import { photoDataUrl, renderCard } from './render';

/** Cards kept in memory: at most this many (about 60 KB each), the least recently used going first. */
export const LINK_PREVIEW_CACHE_MAX = 200;
/** A card's version changes with its content, so an unchanged one is kept this long. */
const CARD_TTL_MS = 24 * 60 * 60 * 1000;

/** A versioned address never changes its picture; an address without it may after a change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=300';

const coachCardParams = z.object({
  file: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/i),
});
const coachCardQuery = z.object({ v: z.string().max(20).optional() });

/**
 * The link-preview pictures (ADR 055): `/og/home.png`, the site's card, and
 * `/og/coach/{id}.png?v={version}`, a Coach's, drawn on the first request and kept in memory by
 * Coach and version. `coaches.changed` drops that Coach's cards; the version (a digest of what the
 * card shows) makes a changed profile a new address, so a shared link's preview is never stale.
 */
export const linkPreviewRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { database, bus, storage },
) => {
  let siteCard: Promise<Buffer> | null = null;
  const drawSiteCard = () => {
    siteCard ??= renderCard(<SiteCard />).catch((error: unknown) => {
      siteCard = null;
      throw error;
    });
    return siteCard;
  };

  const cards = new GroupedCache<{ png: Buffer }>(LINK_PREVIEW_CACHE_MAX, CARD_TTL_MS);
  bus.subscribe('coaches.changed', ({ userId }) => cards.drop(userId));
  /** Cards being drawn, so that a burst of requests for one draws it once. */
  const drawing = new Map<string, Promise<Buffer>>();

  const drawCoachCard = async (coach: CoachPreviewFields & { userId: string }, key: string) => {
    const mark = cards.mark;
    const photo = coach.photoUrl
      ? await photoDataUrl(await readPhoto(storage, coach.userId, coach.photoUrl))
      : null;
    const png = await renderCard(
      <CoachCard
        name={coach.name}
        expertise={coach.expertise}
        price={formatWholeDollars(coach.pricePerQuestion)}
        photo={photo}
      />,
    );
    cards.put(key, { png }, { group: coach.userId, mark });
    return png;
  };

  app.get('/og/home.png', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(await drawSiteCard()),
  );

  app.get(
    '/og/coach/:file',
    { schema: { hide: true, params: coachCardParams, querystring: coachCardQuery } },
    async (request, reply) => {
      const id = request.params.file.slice(0, -'.png'.length).toLowerCase();
      // By primary key, every time: the version to serve is the profile's as it is now.
      const coach = await findPublicCoach(database.db, id);
      if (!coach || coach.id !== id) throw notFound('Coach not found');
      const version = coachPreviewVersion(coach);
      const key = `${coach.id}:${version}`;
      let png = cards.get(key)?.png;
      if (!png) {
        let pending = drawing.get(key);
        if (!pending) {
          pending = drawCoachCard(coach, key).finally(() => drawing.delete(key));
          drawing.set(key, pending);
        }
        png = await pending;
      }
      return reply
        .type('image/png')
        .header('cache-control', request.query.v === version ? IMMUTABLE : REVALIDATE)
        .send(png);
    },
  );
};
