import type { FastifyPluginAsync } from 'fastify';
import { coachPath } from '../../../contracts/coach-slug';
import { cachedUntilCoachesChange } from '../../cache/until-changed';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { listedCoachSlugs } from '../coaches';

/** The public pages that are the same for everyone (spec §6 'Page access'). */
const STATIC_PAGES = ['/', '/coaches', '/about', '/contact', '/terms', '/privacy', '/revenue'];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * /sitemap.xml lists the public pages and every Coach's page at its current slug; /robots.txt
 * points to it. While the beta gate is on, there is no sitemap and crawlers are kept out (ADR 026).
 */
export const seoRoutes: FastifyPluginAsync<AppContext> = async (app, { config, database, bus }) => {
  const origin = new URL(config.PUBLIC_URL).origin;
  const sitemap = cachedUntilCoachesChange(bus, async () => {
    const coaches = await listedCoachSlugs(database.db);
    const urls = [...STATIC_PAGES, ...coaches.map(coachPath)].map(
      (path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`,
    );
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
  });
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    // Behind the beta gate no page is public, so there is nothing to list.
    if (config.BETA_ACCESS_CODE) throw notFound('No sitemap while the beta gate is on.');
    return reply.type('application/xml; charset=utf-8').send(await sitemap());
  });

  const robots = config.BETA_ACCESS_CODE
    ? 'User-agent: *\nDisallow: /\n'
    : `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robots),
  );
};
