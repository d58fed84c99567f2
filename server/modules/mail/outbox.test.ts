import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailTransport } from '../../adapters/mail/types';
import { mailOutbox } from '../../db/schema';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test/harness';
import { enqueueMail, MAIL_MAX_ATTEMPTS } from './data';
import { deliverDueMail } from './outbox';

const logger = pino({ level: 'silent' });

function recordingTransport(failTimes = 0): MailTransport & { sent: MailMessage[] } {
  let failures = 0;
  const sent: MailMessage[] = [];
  return {
    name: 'outbox',
    sent,
    async deliver(message) {
      if (failures++ < failTimes) throw new Error('smtp down');
      sent.push(message);
    },
  };
}

describe(`mail outbox (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;

  it('delivers a queued message once and shows it in the dev mailbox', async () => {
    const transport = recordingTransport();
    await enqueueMail(db(), {
      to: 'a@example.com',
      subject: 'Hello',
      text: 'Link: http://x/confirm',
    });
    expect(await deliverDueMail(db(), transport, logger)).toBe(1);
    expect(await deliverDueMail(db(), transport, logger)).toBe(0);
    expect(transport.sent).toEqual([
      { to: 'a@example.com', subject: 'Hello', text: 'Link: http://x/confirm', html: undefined },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.json().messages[0]).toMatchObject({ to: 'a@example.com', status: 'sent' });
  });

  it('retries a failed delivery later and gives up after the last attempt', async () => {
    await db().delete(mailOutbox);
    await enqueueMail(db(), { to: 'b@example.com', subject: 'Retry', text: 'x' });
    const transport = recordingTransport(Infinity);
    expect(await deliverDueMail(db(), transport, logger)).toBe(0);
    const [afterOne] = await db().select().from(mailOutbox);
    expect(afterOne).toMatchObject({ status: 'pending', attempts: 1, lastError: 'smtp down' });
    expect(afterOne!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      await db()
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(0) });
      await deliverDueMail(db(), transport, logger);
    }
    const [last] = await db().select().from(mailOutbox);
    expect(last).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
  });

  it('answers only loopback clients', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['10.1.2.3', '192.168.1.20', '2001:db8::1']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
    }
  });

  it('is off unless DEV_MAILBOX=true', async () => {
    const plain = await createTestApp({ DEV_MAILBOX: 'false' });
    const res = await plain.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    await plain.close();
  });

  it('is not served in production', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      ALLOW_TEST_PAYMENTS: 'true',
    });
    const res = await prod.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    await prod.close();
  });
});
