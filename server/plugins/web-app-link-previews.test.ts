import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachPath } from '../../contracts/coach-slug';
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

/** The link previews of the server-rendered pages, as a crawler fetches them (ADR 055). */
describe(`server-rendered pages' link previews (${testDatabaseKind})`, () => {
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
