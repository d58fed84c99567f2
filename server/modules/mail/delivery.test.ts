import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage, MailTransport } from '../../adapters/mail/types';
import type { DatabaseHandle } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { openTestDatabase, testDatabaseKind } from '../../test/harness';
import {
  claimDueMail,
  enqueueMail,
  MAIL_CLAIM_LEASE_MINUTES,
  MAIL_MAX_ATTEMPTS,
  recordMailFailed,
} from './data';
import { deliverDueMail } from './outbox';

const logger = pino({ level: 'silent' });
const MINUTE = 60_000;

/** A transport whose sends hang until the test lets them go, as a stalled SMTP server does. */
function stallingTransport() {
  let release = () => {};
  let started = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const called = new Promise<void>((resolve) => (started = resolve));
  const sent: MailMessage[] = [];
  const transport: MailTransport = {
    name: 'smtp',
    async deliver(message) {
      started();
      await released;
      sent.push(message);
    },
  };
  return { transport, called, release, sent };
}

/** Records every message; each send yields, so two deliverers interleave. */
function recordingTransport(): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    name: 'outbox',
    sent,
    async deliver(message) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(message);
    },
  };
}

/** Fails the test, instead of hanging it, when the database makes the query wait. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still waiting after ${ms} ms: something holds it`)), ms),
    ),
  ]);
}

describe(`mail delivery: claim, send, record (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());
  beforeEach(async () => {
    await handle.db.delete(mailOutbox);
  });
  const db = () => handle.db;
  const queue = (n: number) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        enqueueMail(db(), { to: `p${i}@example.com`, subject: `Mail ${i}`, text: `x ${i}` }),
      ),
    );

  it('holds no transaction and no row lock while the transport stalls', async () => {
    await queue(1);
    const [queued] = await db().select().from(mailOutbox);
    const smtp = stallingTransport();
    const delivery = deliverDueMail(db(), smtp.transport, logger);
    try {
      await within(5000, smtp.called);
      // Another connection may lock the row at once: nobody holds it while the send hangs.
      const [row] = await within(
        2000,
        db()
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.id, queued!.id))
          .for('update', { noWait: true }),
      );
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      if (testDatabaseKind === 'postgres') {
        const idle = await db().execute(
          sql`select count(*)::int as count from pg_stat_activity
              where datname = current_database() and state like 'idle in transaction%'`,
        );
        // node-postgres's result; the Database type is shared with PGlite, so execute is untyped.
        expect((idle as unknown as { rows: { count: number }[] }).rows[0]?.count).toBe(0);
      }
    } finally {
      smtp.release();
    }
    expect(await delivery).toBe(1);
    expect(smtp.sent).toHaveLength(1);
    const [sent] = await db().select().from(mailOutbox);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends each message once when two deliverers run at once', async () => {
    await queue(12);
    const [a, b] = [recordingTransport(), recordingTransport()];
    const counts = await Promise.all([
      deliverDueMail(db(), a, logger),
      deliverDueMail(db(), b, logger),
    ]);
    expect(counts[0] + counts[1]).toBe(12);
    const subjects = [...a.sent, ...b.sent].map((m) => m.subject).sort();
    expect(subjects).toEqual(Array.from({ length: 12 }, (_, i) => `Mail ${i}`).sort());
    const rows = await db().select().from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('sends a message again once the lease of a claim whose process died has passed', async () => {
    await queue(1);
    // A process claims the message and dies before sending or recording anything.
    const dead = await claimDueMail(db());
    expect(dead).toMatchObject({ attempts: 1, status: 'pending' });
    const transport = recordingTransport();
    const [leased] = await db().select().from(mailOutbox);
    expect(leased!.nextAttemptAt.getTime()).toBeGreaterThan(
      Date.now() + (MAIL_CLAIM_LEASE_MINUTES - 1) * MINUTE,
    );
    // Within the lease nobody else takes it.
    expect(await deliverDueMail(db(), transport, logger)).toBe(0);

    await db()
      .update(mailOutbox)
      .set({
        nextAttemptAt: sql`${mailOutbox.nextAttemptAt} - make_interval(mins => ${MAIL_CLAIM_LEASE_MINUTES})`,
      });
    expect(await deliverDueMail(db(), transport, logger)).toBe(1);
    expect(transport.sent.map((m) => m.subject)).toEqual(['Mail 0']);
    // The dead claim's outcome, if it ever came, cannot overwrite the newer one.
    await recordMailFailed(db(), dead!, 'late');
    const [row] = await db().select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('gives a message up when the process of its last attempt died', async () => {
    await queue(1);
    await db()
      .update(mailOutbox)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 });
    expect(await claimDueMail(db())).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS });
    await db()
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(0) });
    const transport = recordingTransport();
    expect(await deliverDueMail(db(), transport, logger)).toBe(0);
    expect(transport.sent).toEqual([]);
    const [row] = await db().select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(row!.lastError).toMatch(/never finished/);
  });
});
