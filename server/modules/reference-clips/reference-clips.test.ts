import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES } from '../../../contracts/attachments';
import {
  REFERENCE_CLIPS_MAX,
  REVIEW_MESSAGES,
  videoReviewApiPaths,
  type ReferenceClip,
} from '../../../contracts/video-review';
import { attachments, referenceClips, videoReviews } from '../../db/schema';
import { PASSWORD, signedInUser, type TestUser } from '../../test/accounts';
import { askedQuestion } from '../../test/asked-question';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { sampleFiles, tusUpload, uploadedId } from '../../test/uploads';
import { sweepUnboundAttachments } from '../attachments';

const { referenceClips: libraryPath, referenceClip: clipPath } = videoReviewApiPaths;

describe(`the Coach's reference library (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: TestUser;
  let player: TestUser;
  let otherCoach: TestUser;
  let questionId: string;
  const db = () => t.ctx.database.db;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    user?: TestUser,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: user ? { cookie: user.cookie } : {},
      ...(payload ? { payload } : {}),
    });
  /** A finished upload of `user`'s (the one-second WebM unless told): its attachment id. */
  const upload = async (user: TestUser, bytes = sampleFiles.webm(), name = 'serve.webm') =>
    uploadedId((await tusUpload(t.app, user, bytes, name)).last);
  const add = (user: TestUser, attachmentId: string, name = 'Model serve') =>
    call('POST', libraryPath, user, { attachmentId, name });
  const library = async (user: TestUser) =>
    (await call('GET', libraryPath, user)).json<{ clips: ReferenceClip[] }>().clips;
  const fileRow = async (id: string) =>
    (await db().select().from(attachments).where(eq(attachments.id, id)))[0];
  const fetchUrl = (url: string) => t.app.inject({ method: 'GET', url });
  /** Whether the file's bytes are still in storage, whatever its row says. */
  const stored = async (id: string) =>
    (await t.ctx.attachmentFiles.local((await fileRow(id))!.storageKey)) !== null;

  beforeAll(async () => {
    t = await createTestApp();
    ({ coach, player, questionId } = await askedQuestion(t.app, t.ctx, 'Coach Clip'));
    otherCoach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
  });
  afterAll(() => t?.close());

  it('keeps a Coach’s video under its name, lists it only to them with signed links, newest first', async () => {
    const first = await upload(coach);
    const second = await upload(coach, sampleFiles.mp4(), 'drill.mp4');
    const added = await add(coach, first, '  Model serve  ');
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ attachmentId: first, name: 'Model serve' });
    expect((await add(coach, second, 'Footwork drill')).statusCode).toBe(201);

    const clips = await library(coach);
    expect(clips.map((c) => c.name)).toEqual(['Footwork drill', 'Model serve']);
    const serve = clips[1]!;
    expect(serve.sizeBytes).toBe((await fileRow(first))!.sizeBytes);
    const video = await fetchUrl(serve.url!);
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/webm');

    expect(await library(otherCoach)).toEqual([]);
    // The same upload cannot be kept twice.
    const again = await add(coach, first, 'Twice');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ATTACHMENT_MESSAGES.notUsable);
  });

  it('is the Coach’s alone: no session, a Player and another Coach are refused', async () => {
    const id = await upload(coach);
    const clip = (await add(coach, id, 'Private')).json<ReferenceClip>();
    expect((await call('GET', libraryPath)).statusCode).toBe(401);
    expect((await call('GET', libraryPath, player)).statusCode).toBe(403);
    expect((await add(player, id)).statusCode).toBe(403);
    for (const [method, payload] of [['PATCH', { name: 'Mine now' }], ['DELETE']] as const) {
      const res = await call(method, clipPath(clip.id), otherCoach, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(REVIEW_MESSAGES.clipNotFound);
    }
    expect((await library(coach)).find((c) => c.id === clip.id)?.name).toBe('Private');
    expect((await fileRow(id))!.removedAt).toBeNull();
  });

  it('refuses another person’s upload, a PDF, a sent file, a review’s recording and a bad name, keeping nothing', async () => {
    const before = (await library(coach)).length;
    const players = await upload(player);
    const refusedPlayers = await add(coach, players);
    expect(refusedPlayers.statusCode).toBe(400);
    expect(refusedPlayers.json().message).toBe(ATTACHMENT_MESSAGES.notUsable);

    const pdf = await upload(coach, sampleFiles.pdf(), 'plan.pdf');
    const refusedPdf = await add(coach, pdf);
    expect(refusedPdf.statusCode).toBe(400);
    expect(refusedPdf.json().message).toBe(REVIEW_MESSAGES.notAVideo);

    const sent = await upload(coach);
    await db()
      .update(attachments)
      .set({ questionId, part: 'answer' })
      .where(eq(attachments.id, sent));
    expect((await add(coach, sent)).json().message).toBe(ATTACHMENT_MESSAGES.notUsable);
    // A video review's own recording is the review's, not a clip.
    const recording = await upload(coach);
    await db().insert(videoReviews).values({
      id: randomUUID(),
      questionId,
      authorId: coach.userId,
      videoAttachmentId: recording,
      sourceAttachmentId: players,
      document: {},
    });
    expect((await add(coach, recording)).json().message).toBe(ATTACHMENT_MESSAGES.notUsable);
    expect((await add(coach, randomUUID())).statusCode).toBe(400);

    const unnamed = await add(coach, await upload(coach), '   ');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toContain('Name the clip.');
    expect(await library(coach)).toHaveLength(before);
  });

  it(`holds at most ${REFERENCE_CLIPS_MAX} clips`, async () => {
    const full = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    const kept = Array.from({ length: REFERENCE_CLIPS_MAX }, (_, i) => ({
      id: randomUUID(),
      name: `Clip ${i}`,
    }));
    await db()
      .insert(attachments)
      .values(
        kept.map(({ id }) => ({
          id,
          uploaderId: full.userId,
          kind: 'video' as const,
          contentType: 'video/webm',
          sizeBytes: 1000,
          displayName: 'clip.webm',
          storageKey: `attachments/${full.userId}/${id}/file.webm`,
        })),
      );
    await db()
      .insert(referenceClips)
      .values(
        kept.map(({ id, name }) => ({
          id: randomUUID(),
          ownerId: full.userId,
          attachmentId: id,
          name,
        })),
      );
    const one = await upload(full);
    const res = await add(full, one);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REVIEW_MESSAGES.referenceLimit);
    expect(await library(full)).toHaveLength(REFERENCE_CLIPS_MAX);
  });

  it('renames a clip', async () => {
    const clip = (await add(coach, await upload(coach), 'Old name')).json<ReferenceClip>();
    const renamed = await call('PATCH', clipPath(clip.id), coach, {
      name: 'Kick serve, side view',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: clip.id, name: 'Kick serve, side view' });
    const blank = await call('PATCH', clipPath(clip.id), coach, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect((await library(coach)).find((c) => c.id === clip.id)?.name).toBe(
      'Kick serve, side view',
    );
  });

  it('deletes a clip with its file, but leaves a file a sent review compares with or an answer carries', async () => {
    const plain = (await add(coach, await upload(coach), 'Gone')).json<ReferenceClip>();
    const compared = (await add(coach, await upload(coach), 'Compared')).json<ReferenceClip>();
    const recording = await upload(coach);
    const source = await upload(player);
    await db().insert(videoReviews).values({
      id: randomUUID(),
      questionId,
      authorId: coach.userId,
      videoAttachmentId: recording,
      sourceAttachmentId: source,
      compareAttachmentId: compared.attachmentId,
      document: {},
      sentAt: new Date(),
    });

    expect((await call('DELETE', clipPath(plain.id), coach)).statusCode).toBe(204);
    expect((await fileRow(plain.attachmentId))!.removedAt).not.toBeNull();
    expect(await stored(plain.attachmentId)).toBe(false);
    expect((await fetchUrl(plain.url!)).statusCode).toBe(404);
    expect((await call('DELETE', clipPath(plain.id), coach)).statusCode).toBe(404);

    expect((await call('DELETE', clipPath(compared.id), coach)).statusCode).toBe(204);
    expect((await fileRow(compared.attachmentId))!.removedAt).toBeNull();
    expect(await stored(compared.attachmentId)).toBe(true);
    expect((await fetchUrl(compared.url!)).statusCode).toBe(200);
    // A clip the Coach also sent with an answer stays for that answer.
    const sent = (await add(coach, await upload(coach), 'Sent')).json<ReferenceClip>();
    await db()
      .update(attachments)
      .set({ questionId, part: 'answer' })
      .where(eq(attachments.id, sent.attachmentId));
    expect((await call('DELETE', clipPath(sent.id), coach)).statusCode).toBe(204);
    expect((await fileRow(sent.attachmentId))!.removedAt).toBeNull();
    expect(await stored(sent.attachmentId)).toBe(true);

    const ids = (await library(coach)).map((c) => c.id);
    expect(ids).not.toContain(plain.id);
    expect(ids).not.toContain(compared.id);
    expect(ids).not.toContain(sent.id);

    // The sweep of unsent uploads keeps the compared file too, and does not fail on it.
    const later = new Date(
      Date.now() + (t.ctx.config.ATTACHMENT_UPLOAD_EXPIRY_HOURS + 1) * 3600_000,
    );
    await sweepUnboundAttachments({ ...t.ctx, db: db(), logger: t.app.log }, later);
    expect(await fileRow(compared.attachmentId)).toBeDefined();
  });

  it('is kept from the sweep of unsent uploads, which still takes a plain unsent one', async () => {
    const kept = (await add(coach, await upload(coach), 'Kept')).json<ReferenceClip>();
    const unsent = await upload(coach);
    const unsentKey = (await fileRow(unsent))!.storageKey;
    const later = new Date(
      Date.now() + (t.ctx.config.ATTACHMENT_UPLOAD_EXPIRY_HOURS + 1) * 3600_000,
    );
    expect(
      await sweepUnboundAttachments({ ...t.ctx, db: db(), logger: t.app.log }, later),
    ).toBeGreaterThanOrEqual(1);
    expect(await fileRow(unsent)).toBeUndefined();
    expect(await t.ctx.attachmentFiles.local(unsentKey)).toBeNull();
    expect(await fileRow(kept.attachmentId)).toBeDefined();
    expect(
      (await fetchUrl((await library(coach)).find((c) => c.id === kept.id)!.url!)).statusCode,
    ).toBe(200);
  });

  it('is listed in the data export, and goes with the account, files included', async () => {
    const leaving = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    const clip = (await add(leaving, await upload(leaving), 'Leaving serve')).json<ReferenceClip>();
    const exported = (await call('GET', '/api/account/export', leaving)).json<{
      referenceLibrary: { name: string; size: number; addedAt: string }[];
    }>();
    expect(exported.referenceLibrary).toEqual([
      expect.objectContaining({
        name: 'Leaving serve',
        size: clip.sizeBytes,
        addedAt: clip.createdAt,
      }),
    ]);

    const deleted = await call('POST', '/api/account/delete', leaving, { password: PASSWORD });
    expect(deleted.statusCode).toBe(204);
    expect((await fileRow(clip.attachmentId))!.removedAt).not.toBeNull();
    expect(await stored(clip.attachmentId)).toBe(false);
    expect((await fetchUrl(clip.url!)).statusCode).toBe(404);
    const rows = await db()
      .select()
      .from(referenceClips)
      .where(inArray(referenceClips.ownerId, [leaving.userId]));
    expect(rows).toEqual([]);
  });
});
