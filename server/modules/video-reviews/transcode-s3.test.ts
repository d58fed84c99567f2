import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REVIEW_MESSAGES,
  videoReviewApiPaths,
  type VideoReview,
} from '../../../contracts/video-review';
import type { MailMessage, MailTransport } from '../../adapters/mail/types';
import { s3ClientConfig } from '../../adapters/storage/s3';
import { attachments, mailOutbox, questions } from '../../db/schema';
import { askCoach, requestsTo, signedInUser } from '../../test/accounts';
import { coachProfile } from '../../test/asked-question';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { makeReviewClip } from '../../test/review-clip';
import { startS3rver, type S3rverBucket } from '../../test/s3rver';
import { tusUpload, uploadedId } from '../../test/uploads';
import { deliverDueMail, queueMail } from '../mail';
import { transcodeNextReview } from './transcode';

// The bucket (ADR 067): the job downloads the recording through a presigned GET and streams the
// MP4 back up, as production does.
describe(`a review video in an S3 bucket (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  let s3: S3rverBucket;
  let t: TestApp;
  let dir: string;
  const call = requestsTo(() => t.app);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'playbook-review-s3-'));
    s3 = await startS3rver('playbook-reviews');
    t = await createTestApp(s3.appEnv);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is transcoded from the bucket and its MP4 and poster stored there', async () => {
    const clip = await makeReviewClip(path.join(dir, 'clip.webm'));
    const coach = await signedInUser(t.app, t.ctx, { roles: ['expert'] });
    const coachId = await coachProfile(t.app, coach, 'Coach Sam');
    const player = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const source = uploadedId((await tusUpload(t.app, player, clip, 'serve.webm')).last);
    const questionId = await askCoach(call, player, coachId, { attachmentIds: [source] });
    await t.ctx.database.db
      .update(questions)
      .set({ paymentStatus: 'paid', paidAt: new Date() })
      .where(eq(questions.id, questionId));
    const recording = uploadedId((await tusUpload(t.app, coach, clip, 'review.webm')).last);
    const [before] = await t.ctx.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, recording));
    const saved = await call('POST', videoReviewApiPaths.reviews(questionId), coach, {
      videoAttachmentId: recording,
      document: { version: 1, sourceAttachmentId: source, compare: null, drawings: [] },
    });
    expect(saved.statusCode).toBe(201);

    const deps = { ...t.ctx, db: t.ctx.database.db, logger: pino({ level: 'silent' }) };
    expect(await transcodeNextReview(deps)).toBe(saved.json<VideoReview>().id);

    const res = await call('GET', videoReviewApiPaths.reviews(questionId), coach);
    const [review] = res.json<{ reviews: VideoReview[] }>().reviews;
    expect(review).toMatchObject({ status: 'ready', progress: 100 });
    const [poster, video] = await Promise.all([
      fetch(review!.posterUrl!),
      fetch(review!.videoUrl!),
    ]);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect(video.headers.get('content-type')).toBe('video/mp4');
    // The recording's original object is gone; the MP4 took its place in the row.
    const [after] = await t.ctx.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, recording));
    expect(after?.storageKey).toMatch(/\.mp4$/);
    const bucket = new S3Client(s3ClientConfig(s3.clientSettings));
    const exists = (key: string) =>
      bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })).then(
        () => true,
        () => false,
      );
    expect(await exists(after!.storageKey)).toBe(true);
    expect(await exists(before!.storageKey)).toBe(false);
  });

  it('puts a poster read from the bucket into the answer e-mail, and leaves out one that is gone', async () => {
    const db = t.ctx.database.db;
    const files = t.ctx.attachmentFiles;
    const kept = { key: `attachments/coach/${randomUUID()}/poster.jpg`, bytes: randomBytes(2048) };
    await files.put(kept.key, kept.bytes, 'image/jpeg');
    const gone = `attachments/coach/${randomUUID()}/poster.jpg`;
    await db.delete(mailOutbox);
    await queueMail(db, t.ctx.config, {
      kind: 'question-answered',
      to: 'pat@example.test',
      subject: 'Your question has been answered',
      greeting: 'Hi Pat,',
      paragraphs: [kept.key, gone].map((key) => ({
        text: REVIEW_MESSAGES.sentLine('0:05'),
        image: { key, contentType: 'image/jpeg', filename: 'video-review.jpg', width: 640 },
      })),
      action: { label: 'View your answer', url: 'http://localhost/questions/q' },
    });
    const sent: MailMessage[] = [];
    const transport: MailTransport = { name: 'smtp', deliver: async (m) => void sent.push(m) };
    expect(await deliverDueMail(db, transport, pino({ level: 'silent' }), files)).toBe(1);
    expect(sent[0]!.inlineImages).toEqual([
      {
        cid: expect.any(String),
        content: kept.bytes,
        contentType: 'image/jpeg',
        filename: 'video-review.jpg',
      },
    ]);
  });
});
