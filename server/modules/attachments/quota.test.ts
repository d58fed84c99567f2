import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES, ATTACHMENT_UPLOAD_PATH } from '../../../contracts/attachments';
import { QUESTION_ATTACHMENT_QUOTA_BYTES, UPLOAD_QUOTA_BYTES } from '../../../contracts/limits';
import { attachments, uploadsInFlight } from '../../db/schema';
import { AppError } from '../../errors';
import { signedInUser, type TestUser } from '../../test/accounts';
import { askedQuestion } from '../../test/asked-question';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { sampleFiles, tusUpload, uploadedId } from '../../test/uploads';
import { bindUploads, sweepUnboundAttachments } from './service';

const MB = 1024 * 1024;
const GB = 1024 * MB;

// ADR 085. Two processes on one database: the quota is counted there, never in a process.
describe(`the storage quota (${testDatabaseKind})`, () => {
  let a: TestApp;
  let b: TestApp;
  let address = 0;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, a.ctx.database);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Creates an upload declaring `bytes` and sends none: it holds its space while in flight. */
  const create = (t: TestApp, user: TestUser, bytes: number) =>
    t.app.inject({
      method: 'POST',
      url: ATTACHMENT_UPLOAD_PATH,
      headers: { cookie: user.cookie, 'tus-resumable': '1.0.0', 'upload-length': String(bytes) },
      // Each from its own address, clear of the creations-per-minute limit.
      remoteAddress: `10.85.${Math.floor(++address / 200)}.${address % 200}`,
    });
  const inFlight = (user: TestUser) =>
    a.ctx.database.db
      .select({ id: uploadsInFlight.id })
      .from(uploadsInFlight)
      .where(eq(uploadsInFlight.uploaderId, user.userId));
  /** Fills the account up to `left` bytes short of the quota with uploads of 200 MB and one less. */
  async function fillUpTo(user: TestUser, left: number) {
    let remaining = UPLOAD_QUOTA_BYTES - left;
    while (remaining > 0) {
      const bytes = Math.min(200 * MB, remaining);
      expect((await create(a, user, bytes)).statusCode).toBe(201);
      remaining -= bytes;
    }
  }

  it('lets only one of several creations at once take the last space, in any process', async () => {
    const player = await signedInUser(a.app, a.ctx, { roles: ['asker'] });
    await fillUpTo(player, 120 * MB);
    const racing = await Promise.all([a, b, a, b, a, b].map((t) => create(t, player, 100 * MB)));
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = racing.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(5);
    for (const res of refused) {
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ message: ATTACHMENT_MESSAGES.accountQuota(20 * MB) });
    }
  });

  it('says what is left, in the sizes the upload list uses', () => {
    expect(ATTACHMENT_MESSAGES.accountQuota(12.5 * MB)).toBe(
      'You have 12.5 MB of your 5 GB of uploads for the last 24 hours left, not enough for this file. Remove files you have not sent, or try again later.',
    );
    expect(ATTACHMENT_MESSAGES.questionQuota(1.25 * GB)).toBe(
      "This question's files can add up to 3 GB, and 1.3 GB is left: not enough for these files. Send fewer or smaller ones.",
    );
  });

  it('gives the space back when an upload is cancelled, refused, stored smaller or expires', async () => {
    const player = await signedInUser(a.app, a.ctx, { roles: ['asker'] });
    await fillUpTo(player, 50 * MB);
    expect((await create(b, player, 60 * MB)).statusCode).toBe(413);

    // Cancelled: its whole declared length comes back.
    const cancelled = await create(a, player, 40 * MB);
    expect(cancelled.statusCode).toBe(201);
    expect((await create(a, player, 20 * MB)).statusCode).toBe(413);
    // (Through the process that holds its bytes: each test app has its own DATA_DIR.)
    const cancel = await a.app.inject({
      method: 'DELETE',
      url: cancelled.headers.location as string,
      headers: { cookie: player.cookie, 'tus-resumable': '1.0.0' },
    });
    expect(cancel.statusCode).toBe(204);
    expect((await create(a, player, 20 * MB)).statusCode).toBe(201);

    // Refused when its last byte arrives, or stored: it no longer counts as in flight.
    const before = (await inFlight(player)).length;
    const text = await tusUpload(a.app, player, sampleFiles.text(), 'notes.txt');
    expect(text.last.statusCode).toBe(415);
    const photo = await tusUpload(a.app, player, await sampleFiles.photo(), 'photo.jpg');
    expect(photo.last.statusCode).toBe(200);
    expect((await inFlight(player)).length).toBe(before);
    const [stored] = await a.ctx.database.db
      .select({ size: attachments.sizeBytes })
      .from(attachments)
      .where(eq(attachments.id, uploadedId(photo.last)));
    expect(stored?.size).toBeGreaterThan(0);

    // Expired: past ATTACHMENT_UPLOAD_EXPIRY_HOURS, tus has dropped them and the sweep forgets them.
    const held = (await inFlight(player)).map((r) => r.id);
    await a.ctx.database.db
      .update(uploadsInFlight)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(uploadsInFlight.id, held));
    expect((await create(b, player, 200 * MB)).statusCode).toBe(201);
    await sweepUnboundAttachments({ ...a.ctx, db: a.ctx.database.db, logger: a.app.log });
    const left = await a.ctx.database.db
      .select({ id: uploadsInFlight.id })
      .from(uploadsInFlight)
      .where(inArray(uploadsInFlight.id, held));
    expect(left).toEqual([]);
  });

  it('holds one question’s files to QUESTION_ATTACHMENT_QUOTA_BYTES, saying what is left', async () => {
    const { player, questionId } = await askedQuestion(a.app, a.ctx, 'Coach Quota');
    const ids: string[] = [];
    for (const name of ['one.png', 'two.png', 'three.png']) {
      const { last } = await tusUpload(a.app, player, await sampleFiles.png(), name);
      ids.push(uploadedId(last));
    }
    const [big, bigger, small] = ids as [string, string, string];
    // Sizes a real upload would take minutes to reach, written straight to the rows.
    const sizes = [
      [big, 2 * GB],
      [bigger, 1.5 * GB],
    ] as const;
    for (const [id, size] of sizes) {
      await a.ctx.database.db
        .update(attachments)
        .set({ sizeBytes: size })
        .where(eq(attachments.id, id));
    }
    const bind = (attachmentIds: string[]) =>
      a.ctx.database.db.transaction((tx) =>
        bindUploads(tx, {
          ids: attachmentIds,
          uploaderId: player.userId,
          questionId,
          part: 'question',
        }),
      );
    await bind([big]);
    const refused = await bind([bigger]).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(400);
    expect((refused as AppError).message).toBe(
      ATTACHMENT_MESSAGES.questionQuota(QUESTION_ATTACHMENT_QUOTA_BYTES - 2 * GB),
    );
    expect((refused as AppError).message).toContain('and 1 GB is left');
    await bind([small]);
  });
});
