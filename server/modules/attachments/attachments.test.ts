import { readFile, readdir } from 'node:fs/promises';
import { uploadsDir } from './uploads';
import { eq } from 'drizzle-orm';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES, type QuestionAttachments } from '../../../contracts/attachments';
import { attachments, questions } from '../../db/schema';
import { requestsTo, signedInUser, type TestUser } from '../../test/accounts';
import { askedQuestion } from '../../test/asked-question';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { fixture, sampleFiles, tusUpload, uploadedId } from '../../test/uploads';
import { byteRange } from './routes';
import { sweepUnboundAttachments } from './service';

describe(`attachments (${testDatabaseKind})`, () => {
  let t: TestApp;
  let coach: TestUser;
  let player: TestUser;
  let stranger: TestUser;
  let questionId: string;
  let coachId: string;
  const call = requestsTo(() => t.app);
  const upload = (user: TestUser | undefined, bytes: Buffer, name?: string) =>
    tusUpload(t.app, user, bytes, name);
  const listed = async (user: TestUser) =>
    (
      await call('GET', `/api/questions/${questionId}/attachments`, user)
    ).json<QuestionAttachments>();
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  /** The Player asks the Coach a question with these attachments, from its own address. */
  const askWith = (attachmentIds: string[], remoteAddress: string, question: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { cookie: player.cookie },
      remoteAddress,
      payload: {
        coachId,
        playerName: 'Pat',
        question,
        pledge: true,
        acceptedConsents: true,
        attachmentIds,
      },
    });

  beforeAll(async () => {
    t = await createTestApp();
    ({ coach, player, questionId } = await askedQuestion(t.app, t.ctx, 'Coach Ada'));
    stranger = await signedInUser(t.app, t.ctx, { roles: ['asker'] });
    const [row] = await t.ctx.database.db
      .update(questions)
      .set({ paymentStatus: 'paid', paidAt: new Date() })
      .where(eq(questions.id, questionId))
      .returning({ coachId: questions.coachId });
    coachId = row!.coachId;
  });
  afterAll(() => t?.close());

  it('takes a photo in chunks, re-encodes it without its EXIF and GPS, and makes a thumbnail', async () => {
    const original = await sampleFiles.photo();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { last } = await tusUpload(t.app, player, original, 'C:\\Users\\pat\\IMG_0001.jpg', {
      chunks: 3,
    });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ kind: 'image', name: 'IMG_0001.jpg' });
    const id = uploadedId(last);
    const ask = await askWith([id], '10.9.0.1', 'How do I follow through on my jump shot?');
    expect(ask.statusCode).toBe(201);
    const asked = ask.json<{ id: string }>().id;
    const list = (
      await call('GET', `/api/questions/${asked}/attachments`, coach)
    ).json<QuestionAttachments>();
    expect(list.question).toHaveLength(1);
    const [shown] = list.question;
    const full = await get(shown!.url!);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.headers['content-security-policy']).toContain('sandbox');
    expect(full.headers['content-disposition']).toMatch(/^inline; filename="IMG_0001.jpg"/);
    const stored = await sharp(full.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect(full.rawPayload.toString('latin1')).not.toContain('SECRET-EXIF-OWNER');
    const thumb = await get(shown!.thumbnailUrl!);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThanOrEqual(320);
  });

  it('delivers videos and PDFs to the Coach without the location and names they carried (ADR 083)', async () => {
    const files = [
      { name: 'VID_20261101.mp4', bytes: sampleFiles.mp4(), type: 'video/mp4' },
      { name: 'IMG_0004.MOV', bytes: sampleFiles.mov(), type: 'video/quicktime' },
      { name: 'drill.webm', bytes: sampleFiles.webm(), type: 'video/webm' },
      { name: 'plan.pdf', bytes: sampleFiles.pdf(), type: 'application/pdf' },
    ];
    const ids: string[] = [];
    for (const file of files) {
      // What the phone sent does carry them, in bytes a search finds.
      expect(file.bytes.toString('latin1')).toMatch(/48\.8584|48,51\.504N/);
      const { last } = await upload(player, file.bytes, file.name);
      expect(last.statusCode).toBe(200);
      ids.push(uploadedId(last));
    }
    const ask = await askWith(ids, '10.9.0.3', 'Where does my serve lose its power?');
    expect(ask.statusCode).toBe(201);
    const asked = ask.json<{ id: string }>().id;
    const list = (
      await call('GET', `/api/questions/${asked}/attachments`, coach)
    ).json<QuestionAttachments>();
    expect(list.question.map((a) => a.contentType)).toEqual(files.map((f) => f.type));
    for (const shown of list.question) {
      const got = await get(shown.downloadUrl!);
      expect(got.statusCode).toBe(200);
      const bytes = got.rawPayload;
      expect(bytes.length).toBe(shown.size);
      const text = bytes.toString('latin1');
      for (const secret of ['48.8584', '002.2945', '48,51.504N', 'Pat Player', 'Apple']) {
        expect(text, `${shown.name} still carries ${secret}`).not.toContain(secret);
      }
      if (shown.kind === 'pdf') {
        const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
        expect(pdf.getAuthor()).toBeUndefined();
        expect(pdf.getPageCount()).toBe(1);
      } else {
        const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
        expect(await input.getMetadataTags()).toEqual({});
        expect(await input.computeDuration()).toBeCloseTo(1, 0);
        expect((await input.getTracks()).map((track) => track.type).sort()).toEqual([
          'audio',
          'video',
        ]);
        input.dispose();
      }
    }
  });

  it('binds an answer video the Coach uploaded, and serves it in byte ranges', async () => {
    const { last } = await upload(coach, sampleFiles.webm(), 'swing.webm');
    expect(last.json()).toMatchObject({ kind: 'video' });
    const answered = await call('POST', `/api/questions/${questionId}/answer`, coach, {
      answer: 'Keep your elbow under the ball; watch the video.',
      attachmentIds: [uploadedId(last)],
    });
    expect(answered.statusCode).toBe(204);
    const list = await listed(player);
    expect(list.answer).toMatchObject([
      { kind: 'video', contentType: 'video/webm', name: 'swing.webm' },
    ]);
    const url = list.answer[0]!.url!;
    const part = await get(url, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${list.answer[0]!.size}`);
    expect(part.rawPayload).toHaveLength(10);
    expect((await get(url, { range: 'bytes=999999-' })).statusCode).toBe(416);
    expect((await get(list.answer[0]!.downloadUrl!)).headers['content-disposition']).toMatch(
      /^attachment;/,
    );
  });

  it('serves a PDF only as a download', async () => {
    const { last } = await upload(player, sampleFiles.pdf(), 'plan.pdf');
    expect(last.json()).toMatchObject({ kind: 'pdf' });
    const ask = await askWith(
      [uploadedId(last)],
      '10.9.0.2',
      'Is this training plan too much for a 14 year old?',
    );
    const asked = ask.json<{ id: string }>().id;
    const list = (
      await call('GET', `/api/questions/${asked}/attachments`, player)
    ).json<QuestionAttachments>();
    const file = await get(list.question[0]!.url!);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="plan.pdf"/);
  });

  it('lets only the Player, the owning Coach and administrators list them; a third person gets nothing', async () => {
    expect(
      (await call('GET', `/api/questions/${questionId}/attachments`, stranger)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/questions/${questionId}/attachments`)).statusCode).toBe(401);
    expect((await get(`/api/admin/questions/${questionId}/attachments`)).statusCode).toBe(401);
  });

  it('answers a guessed, altered or expired link with 404', async () => {
    const list = await listed(player);
    const url = new URL(list.answer[0]!.url!, 'http://x');
    const id = list.answer[0]!.id;
    const base = `/api/attachments/${id}/file`;
    expect((await get(base)).statusCode).toBe(404);
    expect((await get(`${base}?e=${url.searchParams.get('e')}&s=AAAA`)).statusCode).toBe(404);
    const otherVariant = `/api/attachments/${id}/download${url.search}`;
    expect((await get(otherVariant)).statusCode).toBe(404);
    const expired = `${base}?e=${Math.floor(Date.now() / 1000) - 1}&s=${url.searchParams.get('s')}`;
    expect((await get(expired)).statusCode).toBe(404);
    const guessed = `/api/attachments/00000000-0000-4000-8000-000000000000/file${url.search}`;
    expect((await get(guessed)).statusCode).toBe(404);
  });

  it('refuses what it does not take, with a message, storing nothing', async () => {
    const before = await t.ctx.database.db.select().from(attachments);
    const refused = async (bytes: Buffer, name: string) => {
      const { created, last } = await upload(player, bytes, name);
      return { status: last.statusCode, message: JSON.parse(last.body || '{}').message, created };
    };
    expect(await refused(sampleFiles.text(), 'notes.jpg')).toMatchObject({
      status: 415,
      message: ATTACHMENT_MESSAGES.wrongType,
    });
    expect(await refused(sampleFiles.htmlAsJpeg(), 'photo.jpg')).toMatchObject({
      status: 415,
      message: ATTACHMENT_MESSAGES.wrongType,
    });
    expect(await refused(await sampleFiles.polyglot(), 'photo.jpg')).toMatchObject({
      status: 415,
      message: ATTACHMENT_MESSAGES.polyglot,
    });
    expect(await refused(sampleFiles.bomb(), 'bomb.png')).toMatchObject({
      status: 413,
      message: ATTACHMENT_MESSAGES.tooManyPixels,
    });
    expect(await refused(sampleFiles.heic(), 'IMG_0002.HEIC')).toMatchObject({
      status: 415,
      message: ATTACHMENT_MESSAGES.heic,
    });
    // A video that cannot be remuxed is refused, never delivered with its metadata (ADR 083).
    expect(
      await refused(
        Buffer.concat([sampleFiles.mp4().subarray(0, 40), Buffer.alloc(4000)]),
        'a.mp4',
      ),
    ).toMatchObject({ status: 415, message: ATTACHMENT_MESSAGES.videoUnreadable });
    expect(
      await refused(await readFile(fixture('unsupported.mp4')), 'old-phone.mp4'),
    ).toMatchObject({ status: 415, message: ATTACHMENT_MESSAGES.videoUnreadable });
    const empty = await refused(Buffer.alloc(0), 'empty.jpg');
    expect(empty).toMatchObject({ status: 400, message: ATTACHMENT_MESSAGES.empty });
    // A PDF over 20 MB.
    const bigPdf = Buffer.concat([sampleFiles.pdf(), Buffer.alloc(20 * 1024 * 1024 + 1, 32)]);
    expect(await refused(bigPdf, 'big.pdf')).toMatchObject({
      status: 413,
      message: ATTACHMENT_MESSAGES.tooLarge('PDFs', 20),
    });
    expect(await t.ctx.database.db.select().from(attachments)).toHaveLength(before.length);
    // Nothing of the refused files is left in the uploads folder either.
    expect((await readdir(uploadsDir(t.ctx.config))).length).toBe(0);
  });

  it('refuses an upload larger than ATTACHMENT_MAX_MB before any byte is sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        cookie: player.cookie,
        'tus-resumable': '1.0.0',
        'upload-length': String(251 * 1024 * 1024),
      },
    });
    expect(res.statusCode).toBe(413);
  });

  it('cleans a name of paths and control characters, keeping it for display only', async () => {
    const { last } = await upload(
      player,
      await sampleFiles.png(),
      '../../etc/\u0007pa\u202Esswd\u0000.png',
    );
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ name: 'passwd.png' });
  });

  it('refuses to bind someone else’s upload, six files, or one already sent', async () => {
    const mine = uploadedId((await upload(player, await sampleFiles.png(), 'a.png')).last);
    const theirs = uploadedId((await upload(stranger, await sampleFiles.png(), 'b.png')).last);
    const ask = (ids: string[], n: number) =>
      askWith(ids, `10.9.1.${n}`, 'Can I bind a file that is not mine to this?');
    const count = async () => (await t.ctx.database.db.select().from(questions)).length;
    const before = await count();
    const foreign = await ask([mine, theirs], 1);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(ATTACHMENT_MESSAGES.notUsable);
    const six = await ask([mine, mine, mine, mine, mine, mine], 2);
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe(ATTACHMENT_MESSAGES.tooMany);
    expect(await count()).toBe(before);
    // The refused request bound nothing: the Player's own upload is still free to send.
    expect((await ask([mine], 3)).statusCode).toBe(201);
    expect((await ask([mine], 4)).statusCode).toBe(400);
  });

  it('refuses to resume, send bytes to or cancel another person’s upload (404)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: player.cookie, 'tus-resumable': '1.0.0', 'upload-length': '100' },
    });
    const location = created.headers.location as string;
    const as = (user: TestUser, method: 'HEAD' | 'PATCH' | 'DELETE') =>
      t.app.inject({
        method,
        url: location,
        headers: {
          cookie: user.cookie,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        ...(method === 'PATCH' ? { payload: Buffer.alloc(10) } : {}),
      });
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      expect((await as(stranger, method)).statusCode).toBe(404);
    }
    const resumed = await as(player, 'HEAD');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.headers['upload-offset']).toBe('0');
    expect((await as(player, 'DELETE')).statusCode).toBe(204);
    // No GET: a finished upload is read only through an attachment's signed link.
    expect((await get(location)).statusCode).toBe(404);
    // Signed out, nobody uploads.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '100' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sweeps uploads never sent once they expire, files included', async () => {
    const id = uploadedId((await upload(player, await sampleFiles.png(), 'left.png')).last);
    const deps = { ...t.ctx, db: t.ctx.database.db, logger: t.app.log };
    expect(await sweepUnboundAttachments(deps)).toBe(0);
    const later = new Date(
      Date.now() + (t.ctx.config.ATTACHMENT_UPLOAD_EXPIRY_HOURS + 1) * 3600_000,
    );
    expect(await sweepUnboundAttachments(deps, later)).toBeGreaterThanOrEqual(1);
    const [row] = await t.ctx.database.db.select().from(attachments).where(eq(attachments.id, id));
    expect(row).toBeUndefined();
    // Bound ones stay.
    expect((await listed(player)).answer).toHaveLength(1);
  });

  it('reads byte ranges as RFC 9110 says', () => {
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=0-500', 100)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(byteRange(undefined, 100)).toBeNull();
  });
});
