import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ALL_FORMATS, FilePathSource, Input } from 'mediabunny';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QuestionAttachments } from '../../../contracts/attachments';
import {
  REVIEW_MESSAGES,
  videoReviewApiPaths,
  type ReviewDocument,
  type VideoReview,
} from '../../../contracts/video-review';
import {
  attachments,
  mailOutbox,
  questionMessages,
  questions,
  referenceClips,
  videoReviews,
} from '../../db/schema';
import { asSent } from '../../test/mail';
import { askCoach, requestsTo, signedInUser, type TestUser } from '../../test/accounts';
import { coachProfile } from '../../test/asked-question';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { makeReviewClip } from '../../test/review-clip';
import { sampleFiles, tusUpload, uploadedId } from '../../test/uploads';
import { decodeQuotedPrintable, startSmtpSink } from '../../../cluster/support/smtp';
import { createSmtpTransport } from '../../adapters/mail/smtp-transport';
import { removeAccountAttachments } from '../attachments';
import { deliverDueMail } from '../mail';
import { FFMPEG_MISSING } from './ffmpeg';
import { transcodeNextReview } from './transcode';

interface MimePart {
  headers: Record<string, string>;
  body: Buffer;
}

/** The leaf parts of a MIME message, each body decoded (base64, quoted-printable or as it is). */
function mimeParts(raw: string): MimePart[] {
  const split = raw.search(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const field of raw
    .slice(0, split)
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)) {
    const colon = field.indexOf(':');
    headers[field.slice(0, colon).trim().toLowerCase()] = field.slice(colon + 1).trim();
  }
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  if (headers['content-type']?.startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => mimeParts(part.replace(/^\r?\n/, '')));
  }
  const encoding = headers['content-transfer-encoding'];
  if (encoding === 'base64') return [{ headers, body: Buffer.from(body, 'base64') }];
  if (encoding === 'quoted-printable') {
    return [{ headers, body: Buffer.from(decodeQuotedPrintable(body), 'utf8') }];
  }
  return [{ headers, body: Buffer.from(body, 'latin1') }];
}

describe(`video reviews (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: TestUser;
  let player: TestUser;
  let stranger: TestUser;
  let coachId: string;
  let clip: Buffer;
  let dir: string;
  const call = requestsTo(() => t.app);
  const db = () => t.ctx.database.db;
  let address = 0;
  /** Drafts are rate-limited per address; this file saves more than one person would. */
  const post = (user: TestUser | undefined, url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: user ? { cookie: user.cookie } : {},
      remoteAddress: `10.38.${Math.floor(++address / 250)}.${address % 250}`,
      payload: payload as object,
    });
  const upload = async (user: TestUser, bytes = clip) => {
    const { last } = await tusUpload(t.app, user, bytes, 'review.webm');
    expect(last.statusCode).toBe(200);
    return uploadedId(last);
  };
  const document = (sourceAttachmentId: string, compare: ReviewDocument['compare'] = null) => ({
    version: 1,
    sourceAttachmentId,
    compare,
    drawings: [
      {
        id: 'arrow-1',
        tool: 'arrow',
        colour: '#ff3b30',
        width: 6,
        points: [
          { x: 0.1, y: 0.2 },
          { x: 0.5, y: 0.6 },
        ],
        clip: 'main',
        from: 500,
        to: 1500,
      },
    ],
  });
  const draft = (user: TestUser | undefined, questionId: string, body: unknown) =>
    post(user, videoReviewApiPaths.reviews(questionId), body);
  const remove = (user: TestUser, url: string) =>
    t.app.inject({ method: 'DELETE', url, headers: { cookie: user.cookie } });
  const reviewsOf = async (user: TestUser, questionId: string) => {
    const res = await call('GET', videoReviewApiPaths.reviews(questionId), user);
    expect(res.statusCode).toBe(200);
    return res.json<{ reviews: VideoReview[] }>().reviews;
  };
  const transcodeAll = async () => {
    const deps = { ...t.ctx, db: db(), logger: pino({ level: 'silent' }) };
    while (await transcodeNextReview(deps));
  };
  const mailTo = async (to: string) =>
    (await asSent(db().select().from(mailOutbox).where(eq(mailOutbox.to, to)))).map((m) => m.text);
  /**
   * Sends what is queued through a real SMTP server; returns the parts of the one message to
   * `to` with `subject`, and the `cid:` of each image its HTML draws.
   */
  const delivered = async (to: string, subject: string) => {
    const sink = await startSmtpSink();
    try {
      const transport = createSmtpTransport(sink.url, 'Playbook <mail@example.test>');
      await deliverDueMail(db(), transport, pino({ level: 'silent' }), t.ctx.attachmentFiles);
      const mails = sink.received.filter((m) => m.to.includes(to) && m.subject === subject);
      expect(mails).toHaveLength(1);
      const parts = mimeParts(mails[0]!.raw);
      const html = parts.find((p) => p.headers['content-type']?.startsWith('text/html'));
      const text = parts.find((p) => p.headers['content-type']?.startsWith('text/plain'));
      const cids = [...html!.body.toString('utf8').matchAll(/<img[^>]*src="cid:([^"]+)"/g)];
      return {
        parts,
        text: text!.body.toString('utf8'),
        cids: cids.map((m) => m[1]!),
      };
    } finally {
      await sink.close();
    }
  };
  /** The stored poster of a review's video. */
  const posterKeyOf = async (reviewId: string) => {
    const [row] = await db()
      .select({ key: attachments.thumbnailKey })
      .from(attachments)
      .innerJoin(videoReviews, eq(videoReviews.videoAttachmentId, attachments.id))
      .where(eq(videoReviews.id, reviewId));
    return row!.key!;
  };

  /** A question the Player asked with a video and paid for; returns it and the video's id. */
  async function paidQuestionWithClip() {
    const source = await upload(player);
    const id = await askCoach(call, player, coachId, { attachmentIds: [source] });
    await db()
      .update(questions)
      .set({ paymentStatus: 'paid', paidAt: new Date() })
      .where(eq(questions.id, id));
    return { id, source };
  }
  /** A draft saved by the Coach on the question; returns the review. */
  async function savedDraft(q: { id: string; source: string }) {
    const res = await draft(coach, q.id, {
      videoAttachmentId: await upload(coach),
      document: document(q.source),
    });
    expect(res.statusCode).toBe(201);
    return res.json<VideoReview>();
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'playbook-review-test-'));
    [t, clip] = await Promise.all([
      createTestApp({ QUESTION_RATE_LIMIT_PER_MINUTE: '1000' }),
      makeReviewClip(path.join(dir, 'clip.webm')),
    ]);
    coach = await signedInUser(t.app, t.ctx, { roles: ['expert'], name: 'Coach Vee' });
    coachId = await coachProfile(t.app, coach, 'Coach Vee');
    player = await signedInUser(t.app, t.ctx, { roles: ['asker'], name: 'Pat Player' });
    stranger = await signedInUser(t.app, t.ctx, { roles: ['asker', 'expert'] });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("reads a video's duration, frame rate and size when it is uploaded", async () => {
    const { last } = await tusUpload(t.app, player, clip, 'swing.webm');
    expect(last.json()).toMatchObject({
      kind: 'video',
      video: { frameRate: 30, width: 320, height: 240 },
    });
    const duration = last.json<{ video: { durationMs: number } }>().video.durationMs;
    expect(duration).toBeGreaterThan(1900);
    expect(duration).toBeLessThan(2100);
  });

  describe('a draft', () => {
    let q: { id: string; source: string };
    beforeAll(async () => {
      q = await paidQuestionWithClip();
    });

    it('is saved for the Coach, processing, and shown to nobody else before it is sent', async () => {
      const review = await savedDraft(q);
      expect(review).toMatchObject({
        status: 'processing',
        sentAt: null,
        videoUrl: null,
        source: { attachmentId: q.source, origin: 'question', url: expect.any(String) },
        document: { sourceAttachmentId: q.source, drawings: [{ tool: 'arrow', from: 500 }] },
      });
      expect((await reviewsOf(coach, q.id)).map((r) => r.id)).toContain(review.id);
      expect(await reviewsOf(player, q.id)).toEqual([]);
      const asStranger = await call('GET', videoReviewApiPaths.reviews(q.id), stranger);
      expect(asStranger.statusCode).toBe(404);
      // Deleted, it is gone (and its recording is an unsent upload again, for the sweep).
      const deleted = await remove(coach, videoReviewApiPaths.review(q.id, review.id));
      expect(deleted.statusCode).toBe(204);
      expect((await reviewsOf(coach, q.id)).map((r) => r.id)).not.toContain(review.id);
    });

    it('is refused to the Player (403) and to a stranger (404)', async () => {
      const body = { videoAttachmentId: await upload(player), document: document(q.source) };
      expect((await draft(player, q.id, body)).statusCode).toBe(403);
      const theirs = { videoAttachmentId: await upload(stranger), document: document(q.source) };
      expect((await draft(stranger, q.id, theirs)).statusCode).toBe(404);
    });

    it('is refused for a recording that is not the Coach’s own video, or is too long', async () => {
      const refusal = async (videoAttachmentId: string, message: string) => {
        const res = await draft(coach, q.id, { videoAttachmentId, document: document(q.source) });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      };
      await refusal(await upload(player), REVIEW_MESSAGES.notUsable);
      await refusal(randomUUID(), REVIEW_MESSAGES.notUsable);
      await refusal(await upload(coach, await sampleFiles.png()), REVIEW_MESSAGES.notAVideo);
      const long = await upload(coach);
      await db()
        .update(attachments)
        .set({ videoDurationMs: 11 * 60_000 })
        .where(eq(attachments.id, long));
      await refusal(long, REVIEW_MESSAGES.tooLong);
    });

    it('is refused when its clips are not the question’s or the Coach’s library', async () => {
      const refusal = async (doc: unknown, message: string) => {
        const res = await draft(coach, q.id, {
          videoAttachmentId: await upload(coach),
          document: doc,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      };
      const other = await paidQuestionWithClip();
      await refusal(document(other.source), REVIEW_MESSAGES.notUsable);
      await refusal(document(await upload(coach)), REVIEW_MESSAGES.notUsable);
      const compare = (origin: 'question' | 'reference', attachmentId: string) =>
        document(q.source, {
          origin,
          attachmentId,
          syncMain: 0,
          syncCompare: 0,
          layout: 'side',
          opacity: 0.5,
        });
      await refusal(compare('question', other.source), REVIEW_MESSAGES.notUsable);
      // A clip of another Coach's library, or one of the Coach's own uploads not in theirs.
      const strangers = await upload(stranger);
      await db().insert(referenceClips).values({
        id: randomUUID(),
        ownerId: stranger.userId,
        attachmentId: strangers,
        name: 'Their serve',
      });
      await refusal(compare('reference', strangers), REVIEW_MESSAGES.clipNotFound);
      await refusal(compare('reference', await upload(coach)), REVIEW_MESSAGES.clipNotFound);
      // The Coach's own library clip is taken, and named as the library names it.
      const own = await upload(coach);
      await db().insert(referenceClips).values({
        id: randomUUID(),
        ownerId: coach.userId,
        attachmentId: own,
        name: 'Model serve',
      });
      const res = await draft(coach, q.id, {
        videoAttachmentId: await upload(coach),
        document: compare('reference', own),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<VideoReview>().compare).toMatchObject({
        origin: 'reference',
        name: 'Model serve',
        url: expect.any(String),
      });
      await remove(coach, videoReviewApiPaths.review(q.id, res.json<VideoReview>().id));
    });

    it(`is refused past the answer's limit, and for a recording already in a review`, async () => {
      const fresh = await paidQuestionWithClip();
      const first = await savedDraft(fresh);
      await savedDraft(fresh);
      await savedDraft(fresh);
      const recording = await upload(coach);
      const tooMany = await draft(coach, fresh.id, {
        videoAttachmentId: recording,
        document: document(fresh.source),
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe(REVIEW_MESSAGES.tooMany);
      const [row] = await db()
        .select({ video: videoReviews.videoAttachmentId })
        .from(videoReviews)
        .where(eq(videoReviews.id, first.id));
      const reused = await draft(coach, q.id, {
        videoAttachmentId: row!.video,
        document: document(q.source),
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().message).toBe(REVIEW_MESSAGES.notUsable);
    });
  });

  describe('the transcode and the answer', () => {
    let q: { id: string; source: string };
    let review: VideoReview;
    beforeAll(async () => {
      q = await paidQuestionWithClip();
      review = await savedDraft(q);
    });

    it('refuses an answer whose review is still processing, and changes nothing', async () => {
      const res = await post(coach, `/api/questions/${q.id}/answer`, {
        answer: 'Watch the review.',
        reviewIds: [review.id],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(REVIEW_MESSAGES.notReady);
      const [row] = await db().select().from(questions).where(eq(questions.id, q.id));
      expect(row?.answer).toBeNull();
    });

    it('transcodes the recording to an H.264 and AAC MP4 with a poster', async () => {
      await transcodeAll();
      const [ready] = await reviewsOf(coach, q.id);
      expect(ready).toMatchObject({ id: review.id, status: 'ready', progress: 100 });
      expect(ready!.durationMs).toBeGreaterThan(1900);
      expect(ready!.durationMs).toBeLessThan(2200);
      const poster = await t.app.inject({ method: 'GET', url: ready!.posterUrl! });
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/jpeg');
      const [stored] = await db()
        .select()
        .from(videoReviews)
        .innerJoin(attachments, eq(attachments.id, videoReviews.videoAttachmentId))
        .where(eq(videoReviews.id, review.id));
      expect(stored?.attachments.contentType).toBe('video/mp4');
      const file = await t.ctx.attachmentFiles.local(stored!.attachments.storageKey);
      const input = new Input({ source: new FilePathSource(file!.path), formats: ALL_FORMATS });
      try {
        const tracks = await input.getTracks();
        expect(tracks.map((track) => track.codec).sort()).toEqual(['aac', 'avc']);
        expect(await input.computeDuration()).toBeCloseTo(2, 0);
        expect((await input.getFormat()).name).toBe('MP4');
      } finally {
        input.dispose();
      }
    });

    it('sends the ready review with the answer: bound, shown to the Player, e-mailed', async () => {
      const res = await post(coach, `/api/questions/${q.id}/answer`, {
        answer: 'Watch the review.',
        reviewIds: [review.id],
      });
      expect(res.statusCode).toBe(204);
      const [sent] = await reviewsOf(player, q.id);
      expect(sent).toMatchObject({ id: review.id, messageId: null, sentAt: expect.any(String) });
      expect(sent!.videoUrl).toEqual(expect.any(String));
      const played = await t.app.inject({ method: 'GET', url: sent!.videoUrl! });
      expect(played.statusCode).toBe(200);
      expect(played.headers['content-type']).toBe('video/mp4');
      const asStranger = await call('GET', videoReviewApiPaths.reviews(q.id), stranger);
      expect(asStranger.statusCode).toBe(404);
      // A file of the answer under every attachment rule, but not listed again among its files.
      const [row] = await db()
        .select({ part: attachments.part, questionId: attachments.questionId })
        .from(attachments)
        .innerJoin(videoReviews, eq(videoReviews.videoAttachmentId, attachments.id))
        .where(eq(videoReviews.id, review.id));
      expect(row).toEqual({ part: 'answer', questionId: q.id });
      const listed = await call('GET', `/api/questions/${q.id}/attachments`, player);
      expect(listed.json<QuestionAttachments>().answer).toEqual([]);
      const mails = await mailTo(player.email);
      expect(mails.some((text) => text.includes('Your Coach sent a video review (0:02)'))).toBe(
        true,
      );
      // The e-mail carries the poster inside it (ADR 093): a JPEG part the HTML's <img> names,
      // the stored poster's bytes, through a real SMTP server.
      const mail = await delivered(player.email, 'Your question has been answered');
      expect(mail.text).toContain('Your Coach sent a video review (0:02)');
      expect(mail.cids).toHaveLength(1);
      const image = mail.parts.find((p) => p.headers['content-id'] === `<${mail.cids[0]}>`);
      expect(image?.headers['content-type']).toMatch(/^image\/jpeg/);
      expect(image?.headers['content-disposition']).toMatch(/^inline/);
      const poster = await t.ctx.attachmentFiles.local(await posterKeyOf(review.id));
      expect(image!.body.equals(await readFile(poster!.path))).toBe(true);
      expect(image!.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      // Sent, it is no longer a draft to delete or to send again.
      const deleted = await remove(coach, videoReviewApiPaths.review(q.id, review.id));
      expect(deleted.statusCode).toBe(404);
    });

    it("sends a review with the follow-up's answer, tied to its message", async () => {
      // Only a follow-up's answer carries reviews: any other message with them is refused.
      const withReviews = await post(player, `/api/questions/${q.id}/messages`, {
        kind: 'follow_up',
        body: 'Is my elbow better at 0:01?',
        reviewIds: [review.id],
      });
      expect(withReviews.statusCode).toBe(400);
      expect(withReviews.json().message).toBe(REVIEW_MESSAGES.notUsable);
      const followUp = await post(player, `/api/questions/${q.id}/messages`, {
        kind: 'follow_up',
        body: 'Is my elbow better at 0:01?',
      });
      expect(followUp.statusCode).toBe(201);
      const next = await savedDraft(q);
      await transcodeAll();
      const res = await post(coach, `/api/questions/${q.id}/messages`, {
        kind: 'follow_up_answer',
        body: 'Yes, see the review.',
        reviewIds: [next.id],
      });
      expect(res.statusCode).toBe(201);
      const messageId = res.json<{ id: string }>().id;
      const shown = (await reviewsOf(player, q.id)).find((r) => r.id === next.id);
      expect(shown).toMatchObject({ messageId, status: 'ready' });
      const [message] = await db()
        .select()
        .from(questionMessages)
        .where(eq(questionMessages.id, messageId));
      expect(message?.kind).toBe('follow_up_answer');
      const texts = await mailTo(player.email);
      expect(
        texts.filter((text) => text.includes('Your Coach sent a video review (0:02)')),
      ).toHaveLength(2);
      // Its poster gone before the e-mail goes out: the e-mail still goes, without the image.
      await t.ctx.attachmentFiles.remove(await posterKeyOf(next.id));
      const mail = await delivered(player.email, 'Coach Vee answered your follow-up');
      expect(mail.text).toContain('Your Coach sent a video review (0:02)');
      expect(mail.cids).toEqual([]);
      expect(mail.parts.some((p) => p.headers['content-type']?.startsWith('image/'))).toBe(false);
    });

    it("lists the Coach's reviews in their data export", async () => {
      const res = await call('GET', '/api/account/export', coach);
      const listed = res.json<{
        videoReviews: { id: string; status: string; question: string }[];
      }>().videoReviews;
      expect(listed.find((r) => r.id === review.id)).toMatchObject({
        questionId: q.id,
        status: 'ready',
        durationMs: expect.any(Number),
        document: { sourceAttachmentId: q.source },
      });
    });

    it("reads as removed, without errors, once the Coach's files are removed", async () => {
      await db().transaction((tx) => removeAccountAttachments(tx, coach.userId, new Date()));
      const [shown] = await reviewsOf(player, q.id);
      expect(shown).toMatchObject({ id: review.id, videoUrl: null, posterUrl: null });
    });
  });

  it('fails a review, saying how to install ffmpeg, when there is no ffmpeg to run', async () => {
    const q = await paidQuestionWithClip();
    const review = await savedDraft(q);
    const logger = pino({ level: 'silent' });
    const logged = vi.spyOn(logger, 'error');
    const searchPath = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(await transcodeNextReview({ ...t.ctx, db: db(), logger })).toBe(review.id);
    } finally {
      process.env.PATH = searchPath;
    }
    const [failed] = await reviewsOf(coach, q.id);
    expect(failed).toMatchObject({ id: review.id, status: 'failed', videoUrl: null });
    expect(logged.mock.calls).toEqual([[{ reviewId: review.id }, FFMPEG_MISSING]]);
  });
});
