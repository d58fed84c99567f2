import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachPreviewPath, SITE_PREVIEW_PATH } from '../../../contracts/link-preview';
import { coaches } from '../../db/schema';
import { insertCoach } from '../../test/factories';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';

describe(`link-preview pictures (${testDatabaseKind})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const picture = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const { width, height, format } = await sharp(res.rawPayload).metadata();
    expect({ width, height, format }, url).toEqual({ width: 1200, height: 630, format: 'png' });
    return { png: res.rawPayload, cacheControl: res.headers['cache-control'] };
  };

  /** Announces a change to Coach profiles and waits until the caches have heard it. */
  const announce = async (userId: string) => {
    const heard = new Promise<void>((resolve) => {
      const stop = t.ctx.bus.subscribe('coaches.changed', (event) => {
        if (event.userId !== userId) return;
        stop();
        resolve();
      });
    });
    await t.ctx.bus.publish('coaches.changed', { userId });
    await heard;
  };

  it('the site card is a 1200×630 PNG', async () => {
    await picture(SITE_PREVIEW_PATH);
  });

  it("a Coach's card is 1200×630, kept for good at its version, and redrawn when the profile changes", async () => {
    const coach = await insertCoach(t.ctx.database.db, {
      name: 'Preview Coach',
      expertise: 'Serve and volley',
    });
    const first = await picture(coachPreviewPath(coach));
    expect(first.cacheControl).toContain('immutable');
    // The same version again comes from memory, the same bytes.
    expect((await picture(coachPreviewPath(coach))).png.equals(first.png)).toBe(true);
    // Without the current version the address may change its picture: a short cache only.
    expect((await picture(`/og/coach/${coach.id}.png`)).cacheControl).toBe('public, max-age=300');

    const [renamed] = await t.ctx.database.db
      .update(coaches)
      .set({ name: 'Renamed Coach', pricePerQuestion: 7500 })
      .where(eq(coaches.id, coach.id))
      .returning();
    await announce(coach.userId);
    if (!renamed) throw new Error('no coach');
    expect(coachPreviewPath(renamed)).not.toBe(coachPreviewPath(coach));
    const second = await picture(coachPreviewPath(renamed));
    expect(second.png.equals(first.png)).toBe(false);
    // The old address now shows the new picture, and says it may change again.
    const old = await picture(coachPreviewPath(coach));
    expect(old.png.equals(second.png)).toBe(true);
    expect(old.cacheControl).toBe('public, max-age=300');
  });

  it("shows the Coach's photo when there is one", async () => {
    const coach = await insertCoach(t.ctx.database.db, { name: 'Photo Coach' });
    const initials = await picture(coachPreviewPath(coach));
    const photo = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#d02020' },
    })
      .png()
      .toBuffer();
    await t.ctx.storage.put(`profile-images/${coach.userId}/profile.png`, photo, 'image/png');
    const [withPhoto] = await t.ctx.database.db
      .update(coaches)
      .set({ photoUrl: `/files/profile-images/${coach.userId}/profile.png?v=1` })
      .where(eq(coaches.id, coach.id))
      .returning();
    await announce(coach.userId);
    if (!withPhoto) throw new Error('no coach');
    const drawn = await picture(coachPreviewPath(withPhoto));
    expect(drawn.png.equals(initials.png)).toBe(false);
    // The photo's red is in the picture, the initials' card has none.
    const red = async (png: Buffer) => {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      let count = 0;
      for (let i = 0; i < data.length; i += info.channels) {
        if ((data[i] ?? 0) > 180 && (data[i + 1] ?? 255) < 60 && (data[i + 2] ?? 255) < 60) {
          count += 1;
        }
      }
      return count;
    };
    expect(await red(initials.png)).toBe(0);
    expect(await red(drawn.png)).toBeGreaterThan(10_000);
  });

  it('answers 404 for a Coach that does not exist or a malformed address', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/og/coach/00000000-0000-4000-8000-000000000000.png',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: '/og/coach/nobody.png' });
    expect(malformed.statusCode).toBe(400);
  });
});
