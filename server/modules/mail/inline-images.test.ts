import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES } from '../../../contracts/video-review';
import { createLogTransport } from '../../adapters/mail/log-transport';
import type { MailMessage, MailTransport } from '../../adapters/mail/types';
import type { PrivateFiles } from '../../adapters/storage/private-files';
import { mailOutbox } from '../../db/schema';
import { asSent } from '../../test/mail';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import type { MailContent } from './compose';
import { MAIL_MAX_ATTEMPTS } from './data';
import { deliverDueMail, forgetPersonInMail, queueMail } from './outbox';

const logger = pino({ level: 'silent' });
const line = REVIEW_MESSAGES.sentLine('0:05');

function recordingTransport(): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { name: 'smtp', sent, deliver: async (message) => void sent.push(message) };
}

describe(`inline images: a review's poster inside its e-mail (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await db().delete(mailOutbox);
  });
  const db = () => t.ctx.database.db;
  const files = () => t.ctx.attachmentFiles;
  const questionId = randomUUID();

  /** A stored poster (or only its key, when `bytes` is null: a file that is gone). */
  async function poster(bytes: Buffer | null = randomBytes(2048)) {
    const key = `attachments/test-coach/${randomUUID()}/poster-${randomUUID()}.jpg`;
    if (bytes) await files().put(key, bytes, 'image/jpeg');
    return { key, bytes, image: { key, contentType: 'image/jpeg', filename: 'video-review.jpg' } };
  }
  const content = (images: { key: string }[], width = 640): MailContent => ({
    kind: 'question-answered',
    to: 'pat@example.test',
    subject: 'Your question has been answered',
    greeting: 'Hi Pat,',
    paragraphs: [
      'Casey Coach has answered your question on Playbook:',
      ...images.map(({ key }) => ({
        text: line,
        image: { key, contentType: 'image/jpeg', filename: 'video-review.jpg', width },
      })),
    ],
    action: { label: 'View your answer', url: `http://localhost/questions/${questionId}` },
  });
  // As the message goes out: the delivery job renders it (ADR 095).
  const stored = async () => (await asSent(db().select().from(mailOutbox)))[0]!;
  const imgOf = (html: string, cid: string) =>
    new RegExp(`<img[^>]*src="cid:${cid.replace(/[.]/g, '\\.')}"[^>]*>`).exec(html)?.[0];

  it('queues the image by its stored file and draws it under its line; the text part is as before', async () => {
    const one = await poster();
    await queueMail(db(), t.ctx.config, content([one], 640));
    const row = await stored();
    expect(row.inlineImages).toEqual([{ cid: expect.stringMatching(/@playbook$/), ...one.image }]);
    const cid = row.inlineImages![0]!.cid;
    const img = imgOf(row.html!, cid);
    expect(img).toContain(`alt="${line}"`);
    // As wide as the message's column, never wider.
    expect(img).toContain('width="496"');
    expect(row.html!.indexOf(img!)).toBeGreaterThan(row.html!.indexOf(line));
    // The same message without the image has the same plain text.
    await db().delete(mailOutbox);
    await queueMail(db(), t.ctx.config, {
      ...content([]),
      paragraphs: ['Casey Coach has answered your question on Playbook:', line],
    });
    const plain = await stored();
    expect(plain.inlineImages).toBeNull();
    expect(plain.html).not.toContain('<img');
    expect(row.text).toBe(plain.text);
  });

  it('reads each image from storage when it sends, and leaves out one whose file is gone', async () => {
    const [kept, gone] = [await poster(), await poster(null)];
    await queueMail(db(), t.ctx.config, content([kept, gone], 320));
    const [keptCid, goneCid] = (await stored()).inlineImages!.map((image) => image.cid);
    const transport = recordingTransport();
    expect(await deliverDueMail(db(), transport, logger, files())).toBe(1);
    const [message] = transport.sent;
    expect(message!.inlineImages).toEqual([
      {
        cid: keptCid,
        content: kept.bytes,
        contentType: 'image/jpeg',
        filename: 'video-review.jpg',
      },
    ]);
    expect(imgOf(message!.html!, keptCid!)).toContain('width="320"');
    // The gone one's <img> goes too, so no client draws a broken image; its line stays.
    expect(imgOf(message!.html!, goneCid!)).toBeUndefined();
    expect(message!.html!.split(`>${line}</p>`)).toHaveLength(3);
    expect(await stored()).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a message whose image cannot be read, and on its last attempt sends it without', async () => {
    await queueMail(db(), t.ctx.config, content([await poster()]));
    const broken: PrivateFiles = {
      ...files(),
      local: () => Promise.reject(new Error('storage unavailable')),
    };
    const transport = recordingTransport();
    expect(await deliverDueMail(db(), transport, logger, broken)).toBe(0);
    expect(await stored()).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'storage unavailable',
    });
    await db()
      .update(mailOutbox)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1, nextAttemptAt: new Date(0) });
    expect(await deliverDueMail(db(), transport, logger, broken)).toBe(1);
    expect(transport.sent[0]!.inlineImages).toBeUndefined();
    expect(transport.sent[0]!.html).not.toContain('<img');
  });

  it('the outbox transport logs the message as before, and how many images it carries', async () => {
    await queueMail(db(), t.ctx.config, content([await poster(), await poster()]));
    const log = pino({ level: 'info' }, { write: () => undefined });
    const info = vi.spyOn(log, 'info');
    expect(await deliverDueMail(db(), createLogTransport(log), logger, files())).toBe(1);
    expect(info.mock.calls.map((call) => call[1])).toEqual([
      'mail',
      'mail carries 2 inline images',
    ]);
    expect(info.mock.calls[0]![0]).toEqual({
      mail: {
        to: 'pat@example.test',
        subject: 'Your question has been answered',
        text: expect.any(String),
      },
    });
  });

  it("drops the images of a message about a deleted person's question", async () => {
    await queueMail(db(), t.ctx.config, content([await poster()]));
    await db().transaction((tx) =>
      forgetPersonInMail(
        tx,
        { names: ['Casey Coach'], emails: ['casey@example.test'], questionIds: [questionId] },
        { name: 'Deleted user', email: 'deleted@deleted.invalid' },
      ),
    );
    const row = await stored();
    expect(row.inlineImages).toBeNull();
    expect(row.html).not.toContain('<img');
    expect(row.html).toContain(line);
    expect(row.text).toContain('Deleted user has answered');
    const transport = recordingTransport();
    await deliverDueMail(db(), transport, logger, files());
    expect(transport.sent[0]!.inlineImages).toBeUndefined();
  });
});
