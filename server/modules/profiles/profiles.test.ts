import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '../../../contracts/profiles';
import { signedInUser } from '../../test/accounts';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { multipartFile } from '../../test/multipart';

const coachBody = {
  name: 'Maya Torres',
  expertise: 'Point guard play',
  price: '45',
  bio: '   ',
  websiteUrl: 'maya.example.com',
  linkedinUrl: '',
  twitterUrl: 'https://x.com/maya',
  instagramUrl: null,
  acceptedAgreement: true,
};

const png = (width = 40, height = 40) =>
  sharp({ create: { width, height, channels: 3, background: '#c4f135' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
    .png()
    .toBuffer();

describe(`profiles (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const put = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'PUT',
      url,
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  describe('Coach profile', () => {
    it('stores the price in cents, prepends https://, nulls an empty bio, records the three consents', async () => {
      const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
      const res = await put('/api/profiles/expert', coachBody, coach.cookie);
      expect(res.statusCode).toBe(200);
      const profile = await t.ctx.database.db.query.coaches.findFirst({
        where: (e, { eq }) => eq(e.userId, coach.userId),
      });
      expect(profile).toMatchObject({
        pricePerQuestion: 4500,
        bio: null,
        websiteUrl: 'https://maya.example.com',
        linkedinUrl: null,
        twitterUrl: 'https://x.com/maya',
      });
      const role = await t.ctx.database.db.query.userRoles.findFirst({
        where: (r, { and, eq }) => and(eq(r.userId, coach.userId), eq(r.role, 'expert')),
      });
      expect(role?.acceptedTermsAt).toBeInstanceOf(Date);
      expect(role?.acceptedPrivacyAt).toBeInstanceOf(Date);
      expect(role?.acceptedRevenueSplitAt).toBeInstanceOf(Date);
      const account = (await get('/api/account', coach.cookie)).json();
      expect(account.profileCompleted.expert).toBe(true);
      expect(account.coachId).toBe(profile?.id);
      const own = (await get('/api/profiles/expert', coach.cookie)).json();
      expect(own).toMatchObject({ name: 'Maya Torres', price: 45, bio: null });
    });

    it.each([['0'], ['0.5'], ['12.5'], ['abc'], ['']])(
      "refuses the price %j with 'Invalid Price'",
      async (price) => {
        const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
        const res = await put('/api/profiles/expert', { ...coachBody, price }, coach.cookie);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields.price).toBe(PROFILE_MESSAGES.invalidPrice);
        expect((await get('/api/account', coach.cookie)).json().coachId).toBeNull();
      },
    );

    it('requires the legal agreement', async () => {
      const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
      const res = await put(
        '/api/profiles/expert',
        { ...coachBody, acceptedAgreement: false },
        coach.cookie,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.acceptedAgreement).toMatch(/^Legal Agreement Required/);
    });

    it('refuses script in a field and strips angle brackets', async () => {
      const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
      const bad = await put(
        '/api/profiles/expert',
        { ...coachBody, bio: '<script>alert(1)</script>' },
        coach.cookie,
      );
      expect(bad.statusCode).toBe(400);
      const ok = await put(
        '/api/profiles/expert',
        { ...coachBody, expertise: 'Guards <3' },
        coach.cookie,
      );
      expect(ok.statusCode).toBe(200);
      expect((await get('/api/profiles/expert', coach.cookie)).json().expertise).toBe('Guards 3');
    });

    it('refuses anonymous visitors and users without the Coach role', async () => {
      expect((await put('/api/profiles/expert', coachBody)).statusCode).toBe(401);
      const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
      expect((await put('/api/profiles/expert', coachBody, player.cookie)).statusCode).toBe(403);
      expect((await get('/api/profiles/expert', player.cookie)).statusCode).toBe(403);
    });
  });

  describe('Player profile', () => {
    it('trims values, stores empty ones as null, saves Instagram, and marks the profile complete', async () => {
      const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
      const res = await put(
        '/api/profiles/asker',
        {
          name: '  Sam Lee ',
          bio: ' ',
          linkedinUrl: '',
          instagramUrl: 'instagram.com/sam',
          twitterUrl: null,
          websiteUrl: '  ',
        },
        player.cookie,
      );
      expect(res.statusCode).toBe(204);
      const own = (await get('/api/profiles/asker', player.cookie)).json();
      expect(own).toEqual({
        name: 'Sam Lee',
        bio: null,
        photoUrl: null,
        linkedinUrl: null,
        instagramUrl: 'https://instagram.com/sam',
        twitterUrl: null,
        websiteUrl: null,
      });
      expect((await get('/api/account', player.cookie)).json().profileCompleted.asker).toBe(true);
    });

    it('requires a name', async () => {
      const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
      const res = await put('/api/profiles/asker', { name: '   ' }, player.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.name).toBe(PROFILE_MESSAGES.playerNameRequired);
    });

    it('is only for Players', async () => {
      const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
      expect((await put('/api/profiles/asker', { name: 'X' }, coach.cookie)).statusCode).toBe(403);
    });
  });

  describe('photo upload', () => {
    const upload = (cookie: string, file: Parameters<typeof multipartFile>[0], role = 'asker') => {
      const { payload, headers } = multipartFile(file);
      return t.app.inject({
        method: 'POST',
        url: `/api/profiles/${role}/photo`,
        payload,
        headers: { ...headers, cookie },
      });
    };

    it('re-encodes a real PNG without its metadata, stores it at profile-images/{userId}/profile.png, serves it cached', async () => {
      const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
      const res = await upload(player.cookie, {
        filename: 'me.png',
        contentType: 'image/png',
        body: await png(),
      });
      expect(res.statusCode).toBe(200);
      const { photoUrl } = res.json();
      expect(photoUrl).toMatch(
        new RegExp(`^/files/profile-images/${player.userId}/profile\\.png\\?v=\\d+$`),
      );
      const served = await t.app.inject({ method: 'GET', url: photoUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=3600');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('png');
      expect(meta.exif).toBeUndefined();
      expect((await get('/api/profiles/asker', player.cookie)).json().photoUrl).toBe(photoUrl);
    });

    it('removes the old file first when the format changes, and removes on request', async () => {
      const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
      await upload(player.cookie, {
        filename: 'a.png',
        contentType: 'image/png',
        body: await png(),
      });
      const jpeg = await sharp(await png())
        .jpeg()
        .toBuffer();
      await upload(player.cookie, { filename: 'b.jpg', contentType: 'image/jpeg', body: jpeg });
      const dir = path.join(t.ctx.config.DATA_DIR, 'files/profile-images', player.userId);
      expect(existsSync(path.join(dir, 'profile.png'))).toBe(false);
      expect(existsSync(path.join(dir, 'profile.jpg'))).toBe(true);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: '/api/profiles/asker/photo',
        headers: { cookie: player.cookie },
      });
      expect(removed.json()).toEqual({ photoUrl: null });
      expect(existsSync(path.join(dir, 'profile.jpg'))).toBe(false);
    });

    it("refuses a text file renamed .png with 'Invalid file type'", async () => {
      const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
      const res = await upload(player.cookie, {
        filename: 'notes.png',
        contentType: 'image/png',
        body: Buffer.from('just some text, not an image'),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('Invalid file type: Please upload a JPG or PNG image.');
      expect((await get('/api/profiles/asker', player.cookie)).json().photoUrl).toBeNull();
    });

    it("refuses a 6 MB file with 'File too large'", async () => {
      const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
      const res = await upload(player.cookie, {
        filename: 'big.png',
        contentType: 'image/png',
        body: Buffer.concat([await png(), Buffer.alloc(6 * 1024 * 1024)]),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('File too large: Image must be smaller than 5MB.');
    });

    it('refuses a GIF and an anonymous upload', async () => {
      const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
      const gif = await sharp(await png())
        .gif()
        .toBuffer();
      const res = await upload(player.cookie, {
        filename: 'a.gif',
        contentType: 'image/gif',
        body: gif,
      });
      expect(res.statusCode).toBe(415);
      const { payload, headers } = multipartFile({
        filename: 'a.png',
        contentType: 'image/png',
        body: await png(),
      });
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/profiles/asker/photo',
        payload,
        headers,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('gives a new Coach the photo uploaded before the profile was created', async () => {
      const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
      const res = await upload(
        coach.cookie,
        { filename: 'c.png', contentType: 'image/png', body: await png() },
        'expert',
      );
      await put('/api/profiles/expert', { ...coachBody, name: 'Photo First' }, coach.cookie);
      expect((await get('/api/profiles/expert', coach.cookie)).json().photoUrl).toBe(
        res.json().photoUrl,
      );
    });
  });

  describe('public profiles', () => {
    it('finds a Coach by id and by name with hyphens, case-insensitively, with a zero state for ratings', async () => {
      const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
      const { id } = (
        await put('/api/profiles/expert', { ...coachBody, name: 'Lena Van Dyke' }, coach.cookie)
      ).json();
      const byName = await get('/api/coaches/lena-van-dyke');
      expect(byName.statusCode).toBe(200);
      expect(byName.json()).toMatchObject({
        id,
        name: 'Lena Van Dyke',
        starRating: null,
        helpfulPercent: null,
        answeredCount: 0,
        isOwner: false,
      });
      expect((await get(`/api/coaches/${id}`)).json().name).toBe('Lena Van Dyke');
      expect((await get('/api/coaches/lena-van-dyke', coach.cookie)).json().isOwner).toBe(true);
      expect(byName.json()).not.toHaveProperty('email');
    });

    it('gives two Coaches of one name distinct slugs, and keeps an old slug after a rename', async () => {
      const first = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
      const second = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
      await put('/api/profiles/expert', { ...coachBody, name: 'Jo Müller' }, first.cookie);
      await put('/api/profiles/expert', { ...coachBody, name: 'Jo  Muller!' }, second.cookie);
      const a = (await get('/api/profiles/expert', first.cookie)).json();
      const b = (await get('/api/profiles/expert', second.cookie)).json();
      expect([a.slug, b.slug]).toEqual(['jo-muller', 'jo-muller-2']);
      expect((await get('/api/coaches/JO-MULLER-2')).json().id).toBe(b.id);

      // Saving without a rename keeps the slug; a rename gives a new one and the old still works.
      await put(
        '/api/profiles/expert',
        { ...coachBody, name: 'Jo Müller', price: 80 },
        first.cookie,
      );
      expect((await get('/api/profiles/expert', first.cookie)).json().slug).toBe('jo-muller');
      await put('/api/profiles/expert', { ...coachBody, name: 'Jo Keller' }, first.cookie);
      const renamed = (await get('/api/coaches/jo-muller')).json();
      expect(renamed).toMatchObject({ id: a.id, name: 'Jo Keller', slug: 'jo-keller' });
      expect((await get('/api/coaches/jo-keller')).json().id).toBe(a.id);

      // A later Coach of the old name does not take the old slug from the renamed one.
      const third = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
      await put('/api/profiles/expert', { ...coachBody, name: 'Jo Muller' }, third.cookie);
      expect((await get('/api/profiles/expert', third.cookie)).json().slug).toBe('jo-muller-3');
      expect((await get('/api/coaches/jo-muller')).json().id).toBe(a.id);

      // Renaming back reclaims the Coach's own slug.
      await put('/api/profiles/expert', { ...coachBody, name: 'Jo Müller' }, first.cookie);
      expect((await get('/api/coaches/jo-keller')).json().slug).toBe('jo-muller');
    });

    it("answers a missing Coach with 'The coach profile you're looking for doesn't exist.'", async () => {
      const res = await get('/api/coaches/nobody-here');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("The coach profile you're looking for doesn't exist.");
    });

    it('shows a Player profile with questions asked and member since', async () => {
      const player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Rio Park' });
      await put('/api/profiles/asker', { name: 'Rio Park', bio: 'Midfielder.' }, player.cookie);
      const res = await get(`/api/players/${player.userId}`);
      expect(res.json()).toMatchObject({ name: 'Rio Park', bio: 'Midfielder.', questionsAsked: 0 });
      expect(new Date(res.json().memberSince).getFullYear()).toBeGreaterThan(2000);
      expect((await get('/api/players/missing-user')).statusCode).toBe(404);
    });
  });
});
