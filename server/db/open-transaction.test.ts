import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../modules/admin/service';
import { inspectUpload, processImage, type Inspected } from '../modules/attachments/inspect';
import { renderCard } from '../modules/link-previews/render';
import { renderMail } from '../modules/mail/compose';
import { receiptPdf } from '../modules/payments/receipts';
import { processPhoto } from '../modules/photos/photo';
import { runFfmpeg } from '../modules/video-reviews/ffmpeg';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/harness';
import { sampleFiles } from '../test/uploads';
import { insideTransaction } from './open-transaction';
import { transaction } from './unit-of-work';

describe(`no CPU-only work inside a transaction (ADR 097, ${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;

  it('marks every transaction the database opens, and nothing outside one', async () => {
    expect(insideTransaction()).toBe(false);
    expect(await db().transaction(async () => insideTransaction())).toBe(true);
    expect(await transaction({ db: db(), bus: t.ctx.bus }, async () => insideTransaction())).toBe(
      true,
    );
    expect(insideTransaction()).toBe(false);
  });

  it('refuses each piece of CPU-only work inside a transaction, before doing any of it', async () => {
    const photo = await sampleFiles.png();
    const password = await (await t.ctx.auth.$context).password;
    const work: Record<string, () => Promise<unknown>> = {
      'Hashing a password': () => password.hash('a-long-password'),
      'Checking a password': () => password.verify({ hash: 'x', password: 'a-long-password' }),
      'Hashing an administrator password': () => createAdmin(db(), 'never-made', 'a-long-password'),
      'Re-encoding a profile photo': () => processPhoto(photo),
      'Inspecting an upload': () =>
        inspectUpload({ size: async () => photo.length, read: async () => photo } as never, 1),
      'Re-encoding an attached image': () => processImage(photo, { extension: 'png' } as Inspected),
      'Drawing a link preview': () => renderCard(null),
      'Writing a receipt PDF': () => receiptPdf({ OPERATOR_COMPANY: 'Playbook' }, {} as never),
      'Running ffmpeg': () => runFfmpeg(['-version']),
      'Rendering the e-mail "Hello"': () =>
        renderMail({ subject: 'Hello', content: { paragraphs: [] } as never }),
    };
    for (const [what, run] of Object.entries(work)) {
      await db().transaction(async () => {
        // Some throw at once, some reject: either way the work is refused.
        const refused = Promise.resolve().then(run);
        await expect(refused, what).rejects.toThrow(`${what} ran inside a database transaction`);
      });
    }
    // Nothing above was made: the administrator's hash was refused before the insert.
    expect(await db().query.adminAccounts.findFirst()).toBeUndefined();
  });
});
