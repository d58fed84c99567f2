import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachPath } from '../../contracts/coach-slug';
import { DIRECTORY_MESSAGES } from '../../contracts/directory';
import {
  coachPreviewPath,
  SITE_PREVIEW_ALT,
  SITE_PREVIEW_PATH,
} from '../../contracts/link-preview';
import * as renderer from '../../web/entry-server';
import { signedInUser } from '../test/accounts';
import { insertCoach } from '../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/harness';

/** The content of the head's meta tag named by `key` (`property="og:image"`), or undefined. */
function tag(html: string, key: string): string | undefined {
  const element = new RegExp(`<meta ${key} content="([^"]*)"`).exec(html);
  return element?.[1]?.replaceAll('&amp;', '&');
}

/**
 * Server-rendered public pages as a crawler or a browser without JavaScript gets them: the empty
 * directory's words, and every page's link preview (ADR 055).
 */
describe(`server-rendered public pages (${testDatabaseKind})`, () => {
  let t: TestApp;
  let webRoot: string;
  const origin = 'http://localhost:3000';

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'playbook-web-'));
    await copyFile(
      path.join(import.meta.dirname, '../../web/index.html'),
      path.join(webRoot, 'index.html'),
    );
    t = await createTestApp({ PUBLIC_URL: origin }, undefined, { webRoot, renderer });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const picture = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    const { width, height } = await sharp(res.rawPayload).metadata();
    expect({ width, height }, url).toEqual({ width: 1200, height: 630 });
  };

  // First, while the database holds no Coach at all.
  it('says the directory has no Coaches yet, and that one can be the first, only before a search', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/coaches' });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain(DIRECTORY_MESSAGES.noCoachesYet);
    expect(empty.body).toMatch(
      new RegExp(
        `<a[^>]*href="/auth\\?mode=signup&amp;type=expert"[^>]*>${DIRECTORY_MESSAGES.becomeCoach}</a>`,
      ),
    );
    expect(empty.body).not.toContain(DIRECTORY_MESSAGES.empty);

    const searched = await t.app.inject({ method: 'GET', url: '/coaches?q=nobody' });
    expect(searched.body).toContain(DIRECTORY_MESSAGES.empty);
    expect(searched.body).not.toContain(DIRECTORY_MESSAGES.noCoachesYet);
    const filtered = await t.app.inject({ method: 'GET', url: '/coaches?minRating=4' });
    expect(filtered.body).toContain(DIRECTORY_MESSAGES.empty);
  });

  it('every public page names a 1200×630 picture that exists, with its alt text and a large Twitter card', async () => {
    const coach = await insertCoach(t.ctx.database.db, {
      name: 'Meta Coach',
      expertise: 'Goalkeeping',
    });
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const pages = [
      '/',
      '/coaches',
      '/about',
      '/contact',
      '/terms',
      '/privacy',
      '/revenue',
      coachPath(coach),
      `/profile/${player.userId}`,
    ];
    for (const url of pages) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const html = res.body;
      const image = tag(html, 'property="og:image"');
      expect(image, url).toBeDefined();
      expect(tag(html, 'property="og:image:width"'), url).toBe('1200');
      expect(tag(html, 'property="og:image:height"'), url).toBe('630');
      expect(tag(html, 'property="og:image:alt"'), url).toBeTruthy();
      expect(tag(html, 'name="twitter:card"'), url).toBe('summary_large_image');
      expect(tag(html, 'name="twitter:image"'), url).toBe(image);
      const { origin: imageOrigin, pathname, search } = new URL(image ?? '');
      expect(imageOrigin, url).toBe(origin);
      await picture(pathname + search);
      if (url === coachPath(coach)) {
        expect(pathname + search).toBe(coachPreviewPath(coach));
        expect(tag(html, 'property="og:image:alt"')).toBe('Meta Coach, Goalkeeping, on Playbook');
      } else {
        expect(pathname, url).toBe(SITE_PREVIEW_PATH);
        expect(tag(html, 'property="og:image:alt"'), url).toBe(SITE_PREVIEW_ALT);
      }
    }
  });
});
