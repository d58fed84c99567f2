import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_UPLOAD_PATH, type QuestionAttachments } from '../../../contracts/attachments';
import { ATTACHMENT_UPLOAD_CHUNK_BYTES } from '../../../contracts/limits';
import { s3ClientConfig } from '../../adapters/storage/s3';
import { attachments, questions } from '../../db/schema';
import { requestsTo, signedInUser, type TestUser } from '../../test/accounts';
import { askedQuestion } from '../../test/asked-question';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { startS3rver, type S3rverBucket } from '../../test/s3rver';
import { largeVideo, packetsOf, sampleFiles, tusUpload, uploadedId } from '../../test/uploads';
import { deleteStoredFiles } from './service';
import { createUploadStore } from './uploads';

const MB = 1024 * 1024;
const tus = { 'tus-resumable': '1.0.0' };

/** A 12 MB video whose packets differ along the file (a misplaced part shows), made once. */
const twelveMegabytes = largeVideo(12 * MB);
const video = async () => (await twelveMegabytes).bytes;

// Each test moves megabytes through the app and s3rver, which a loaded machine makes slow.
describe(`attachments in an S3 bucket (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  let s3: S3rverBucket;
  let bucket: S3Client;
  let t: TestApp;
  let origin: string;
  let player: TestUser;
  let coach: TestUser;
  let coachId: string;
  const call = requestsTo(() => t.app);
  const objectOf = async (key: string) => {
    const object = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return {
      body: Buffer.from(await object.Body!.transformToByteArray()),
      contentType: object.ContentType,
    };
  };
  const exists = (key: string) =>
    bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })).then(
      () => true,
      () => false,
    );
  const offsetOf = async (location: string) => {
    const head = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { cookie: player.cookie, ...tus },
    });
    return { status: head.statusCode, offset: Number(head.headers['upload-offset']) };
  };

  /** Sends `body` from `offset` over a real connection that drops after `dropAfter` bytes. */
  const droppedPatch = (location: string, body: Buffer, offset: number, dropAfter: number) =>
    new Promise<void>((resolve) => {
      const req = httpRequest(`${origin}${location}`, {
        method: 'PATCH',
        headers: {
          cookie: player.cookie,
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(body.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(body.subarray(0, dropAfter), () => setTimeout(() => req.destroy(), 300));
    });

  beforeAll(async () => {
    s3 = await startS3rver('playbook-attachments');
    bucket = new S3Client(s3ClientConfig(s3.clientSettings));
    t = await createTestApp(s3.appEnv);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    let questionId: string;
    ({ coach, player, questionId } = await askedQuestion(t.app, t.ctx, 'Coach Bea'));
    const [row] = await t.ctx.database.db
      .update(questions)
      .set({ paymentStatus: 'paid', paidAt: new Date() })
      .where(eq(questions.id, questionId))
      .returning({ coachId: questions.coachId });
    coachId = row!.coachId;
  });
  afterAll(async () => {
    vi.useRealTimers();
    t?.app.server.closeAllConnections();
    await t?.close();
    await s3?.close();
  });

  it('resumes a video after a dropped connection, into the bucket, and serves it by presigned links', async () => {
    const { bytes, packets } = await twelveMegabytes;
    const created = await t.app.inject({
      method: 'POST',
      url: ATTACHMENT_UPLOAD_PATH,
      headers: {
        cookie: player.cookie,
        ...tus,
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${Buffer.from('throw.mp4').toString('base64')}`,
      },
    });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    const id = location.split('/').pop()!;

    // The phone's train enters a tunnel 7 MB in: the bytes received so far are kept.
    await droppedPatch(location, bytes, 0, 7 * MB);
    // The server may still be storing what arrived (the upload is locked meanwhile): asked again
    // until two answers agree.
    let resumed = { status: 0, offset: -1 };
    await vi.waitFor(
      async () => {
        const again = await offsetOf(location);
        const settled = again.status === 200 && again.offset === resumed.offset;
        resumed = again;
        expect(settled).toBe(true);
      },
      { timeout: 20_000, interval: 500 },
    );
    expect(resumed.status).toBe(200);
    expect(resumed.offset).toBeGreaterThan(0);
    expect(resumed.offset).toBeLessThanOrEqual(7 * MB);

    // It carries on from where the server says it stopped, in the browser's chunks: the rest in
    // one request, which tus cuts into parts for the bucket.
    let last = created;
    for (
      let offset = resumed.offset;
      offset < bytes.length;
      offset += ATTACHMENT_UPLOAD_CHUNK_BYTES
    ) {
      last = await t.app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          cookie: player.cookie,
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        payload: bytes.subarray(offset, offset + ATTACHMENT_UPLOAD_CHUNK_BYTES),
      });
      expect(last.statusCode).toBeLessThan(300);
    }
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ id, kind: 'video', name: 'throw.mp4' });

    // Read from the bucket in ranges, cleaned (ADR 083) and kept there as the type its bytes
    // prove: a new container around every packet of the upload, each byte in its place.
    const key = `attachments/${player.userId}/${id}/file.mp4`;
    const stored = await objectOf(key);
    expect(stored.contentType).toBe('video/mp4');
    expect(last.json<{ size: number }>().size).toBe(stored.body.length);
    expect(Buffer.concat(await packetsOf(stored.body)).equals(Buffer.concat(packets))).toBe(true);
    expect(existsSync(t.ctx.attachmentFiles.staged(id).cleanedPath)).toBe(false);
    // The staging object and tus's info are gone; no multipart upload is left open.
    expect(await exists(id)).toBe(false);
    expect(await exists(`${id}.info`)).toBe(false);
    const open = await bucket.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
    expect(open.Uploads ?? []).toHaveLength(0);

    // Sent with a question, it is read through a presigned GET that the bucket answers, ranges too.
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { cookie: player.cookie },
      remoteAddress: '10.9.2.1',
      payload: {
        coachId,
        playerName: 'Pat',
        question: 'What is wrong with my throwing motion?',
        pledge: true,
        acceptedConsents: true,
        attachmentIds: [id],
      },
    });
    expect(ask.statusCode).toBe(201);
    const questionId = ask.json<{ id: string }>().id;
    const listed = await call('GET', `/api/questions/${questionId}/attachments`, coach);
    const [shown] = listed.json<QuestionAttachments>().question;
    expect(shown!.url!.startsWith(`${s3.endpoint}/${s3.bucket}/${key}?`)).toBe(true);
    expect(shown!.url).toContain('X-Amz-Expires=900');
    const full = await fetch(shown!.url!);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('video/mp4');
    expect(full.headers.get('content-disposition')).toMatch(/^inline; filename="throw.mp4"/);
    expect(Buffer.from(await full.arrayBuffer()).equals(stored.body)).toBe(true);
    const range = await fetch(shown!.url!, { headers: { range: 'bytes=4096-4099' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(stored.body.subarray(4096, 4100));
    const download = await fetch(shown!.downloadUrl!);
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="throw.mp4"/,
    );
    await download.body?.cancel();

    // A tampered link is refused by the bucket, and so is one whose time is up.
    const tampered = shown!.url!.replace(/X-Amz-Signature=([0-9a-f])/, (_m, c: string) =>
      c === '0' ? 'X-Amz-Signature=1' : 'X-Amz-Signature=0',
    );
    expect((await fetch(tampered)).status).toBe(403);
    const onOtherKey = shown!.url!.replace('/file.mp4?', '/file.mov?');
    expect((await fetch(onOtherKey)).status).toBe(403);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - (t.ctx.config.ATTACHMENT_URL_TTL_SECONDS + 60) * 1000);
    const signedLongAgo = await call('GET', `/api/questions/${questionId}/attachments`, coach);
    vi.useRealTimers();
    const expired = signedLongAgo.json<QuestionAttachments>().question[0]!.url!;
    expect((await fetch(expired)).status).toBe(403);
  });

  it('re-encodes a photo read from the bucket, without its EXIF, with a thumbnail', async () => {
    const { last } = await tusUpload(t.app, player, await sampleFiles.photo(), 'IMG_0003.jpg');
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ kind: 'image', name: 'IMG_0003.jpg' });
    const id = uploadedId(last);
    const [row] = await t.ctx.database.db.select().from(attachments).where(eq(attachments.id, id));
    const photo = await objectOf(row!.storageKey);
    expect(photo.contentType).toBe('image/jpeg');
    const meta = await sharp(photo.body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(photo.body.includes('SECRET-EXIF-OWNER')).toBe(false);
    const thumb = await objectOf(row!.thumbnailKey!);
    expect((await sharp(thumb.body).metadata()).width).toBeLessThanOrEqual(320);
    expect(await exists(id)).toBe(false);
    // Account deletion removes a person's files from the bucket after its commit, with this.
    await deleteStoredFiles(
      t.ctx.attachmentFiles,
      [row!.storageKey, row!.thumbnailKey!],
      t.app.log,
    );
    expect(await exists(row!.storageKey)).toBe(false);
    expect(await exists(row!.thumbnailKey!)).toBe(false);
    // A file renamed to pass as a photo is refused from the bucket too, and nothing is kept.
    const renamed = await tusUpload(t.app, player, sampleFiles.htmlAsJpeg(), 'cat.jpg');
    expect(renamed.last.statusCode).toBe(415);
    expect(await exists(renamed.location!.split('/').pop()!)).toBe(false);
  });

  it('aborts an abandoned multipart upload in the sweep, and a cancelled one at once', async () => {
    const stranger = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const start = async (user: TestUser, bytes: Buffer) => {
      const created = await t.app.inject({
        method: 'POST',
        url: ATTACHMENT_UPLOAD_PATH,
        headers: { cookie: user.cookie, ...tus, 'upload-length': String(bytes.length) },
      });
      const location = created.headers.location as string;
      // One full 5 MB part and 1 MB more (kept as tus's incomplete part).
      const sent = await t.app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          cookie: user.cookie,
          ...tus,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: bytes.subarray(0, 6 * MB),
      });
      expect(sent.statusCode).toBe(204);
      return { location, id: location.split('/').pop()! };
    };
    const openUploads = async () =>
      (
        (await bucket.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }))).Uploads ?? []
      ).map((u) => u.Key);

    const cancelled = await start(stranger, await video());
    expect(await openUploads()).toContain(cancelled.id);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: cancelled.location,
      headers: { cookie: stranger.cookie, ...tus },
    });
    expect(cancel.statusCode).toBe(204);
    expect(await openUploads()).not.toContain(cancelled.id);
    expect(await exists(`${cancelled.id}.info`)).toBe(false);

    const abandoned = await start(player, await video());
    expect(await createUploadStore(t.ctx.config).deleteExpired()).toBe(0);
    expect(await openUploads()).toContain(abandoned.id);
    // The bucket's clock cannot be moved (it refuses skewed requests): the expiry is shortened.
    const soon = { ...t.ctx.config, ATTACHMENT_UPLOAD_EXPIRY_HOURS: 1 / 3600 };
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await createUploadStore(soon).deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(await openUploads()).toHaveLength(0);
    expect(await exists(`${abandoned.id}.info`)).toBe(false);
    expect(await exists(`${abandoned.id}.part`)).toBe(false);
    expect((await offsetOf(abandoned.location)).status).toBe(404);
  });
});
