import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_RETRY } from '../../contracts/admin-actions';
import type { MailMessage, MailTransport } from '../adapters/mail/types';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { adminAuditLog, mailOutbox } from '../db/schema';
import { createAdmin } from '../modules/admin';
import { deliverDueMail, enqueueMail } from '../modules/mail';
import { MAIL_MAX_ATTEMPTS } from '../modules/mail/data';
import { createTestApp, testDatabaseKind, type TestApp } from '../test/harness';
import { failedJobCounts, queueDepth } from './metrics';
import { createJobQueue, type Job, type JobQueue } from './queue';

const silent = pino({ level: 'silent' });
/** The quickest the queue allows: tests wait on polls, never on fixed sleeps past these. */
const FAST = { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryLimit: 1 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(100);
  }
}

/** A pino logger that keeps its lines, to see what is logged as an error. */
function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  return { logger, errors: () => lines.filter((l) => l.level >= 50).map((l) => l.msg) };
}

describe(`the job queue (${testDatabaseKind})`, () => {
  let t: TestApp;
  let token = '';
  const db = () => t.ctx.database.db;
  const admin = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
  const failedRows = async () =>
    (await admin('GET', '/api/admin/failed-jobs')).json().rows as {
      id: string;
      queue: string;
      description: string;
      attempts: number;
      error: string;
    }[];

  beforeAll(async () => {
    t = await createTestApp();
    await createAdmin(db(), 'operator', 'a-long-admin-password');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'operator', password: 'a-long-admin-password' },
    });
    token = res.json().token as string;
  });
  afterAll(() => t.close());

  it('retries a failing job with back-off, gives up with an error, lists it, and Retry runs it again', async () => {
    const { logger, errors } = recordingLogger();
    const attempts: number[] = [];
    let broken = true;
    const job: Job = {
      name: 'flaky-sweep',
      intervalMs: 3_600_000,
      async run() {
        attempts.push(Date.now());
        if (broken) throw new Error('the provider is down');
      },
    };
    const toldGaveUp: string[] = [];
    const queue = createJobQueue(t.ctx.database, logger, {
      ...FAST,
      onGaveUp: (name) => toldGaveUp.push(name),
    });
    await queue.start([job]);
    try {
      const [listed] = await until(async () => {
        const rows = (await failedRows()).filter((r) => r.queue === 'flaky-sweep');
        return rows.length > 0 && rows;
      });
      // The first run and one retry (retryLimit 1), the retry after its back-off of 1-2 s.
      expect(attempts).toHaveLength(2);
      expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(1000);
      expect(listed).toMatchObject({ attempts: 2, error: 'the provider is down' });
      expect(errors()).toEqual(['job gave up after retries']);
      expect(queue.gaveUp()).toEqual({ 'flaky-sweep': 1 });
      expect(toldGaveUp).toEqual(['flaky-sweep']);
      expect((await queue.counts()).find((c) => c.queue === 'flaky-sweep')).toMatchObject({
        failed: 1,
      });

      broken = false;
      const retry = await admin('POST', `/api/admin/failed-jobs/flaky-sweep/${listed!.id}/retry`);
      expect(retry.statusCode).toBe(204);
      await until(async () => attempts.length === 3);
      await until(async () => !(await failedRows()).some((r) => r.id === listed!.id));
      // Once retried, it is no longer failed: a second click is refused.
      const again = await admin('POST', `/api/admin/failed-jobs/flaky-sweep/${listed!.id}/retry`);
      expect(again.statusCode).toBe(404);
      const audit = await db()
        .select({ action: adminAuditLog.action, success: adminAuditLog.success })
        .from(adminAuditLog)
        .where(eq(adminAuditLog.action, 'job.retry'));
      expect(audit).toEqual([
        { action: 'job.retry', success: true },
        { action: 'job.retry', success: false },
      ]);
    } finally {
      await queue.stop(1000);
    }
  });

  it('never drops an e-mail: one that used its attempts is an error, listed, and sent after Retry', async () => {
    const { logger, errors } = recordingLogger();
    await enqueueMail(db(), {
      to: 'lost@example.com',
      subject: 'Your answer is ready',
      text: 'Hi',
    });
    await db()
      .update(mailOutbox)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.to, 'lost@example.com'));
    const down: MailTransport = {
      name: 'smtp',
      deliver: () => Promise.reject(new Error('connection refused')),
    };
    await deliverDueMail(db(), down, logger);
    expect(errors()).toEqual(['mail given up after its attempts']);

    const [row] = (await failedRows()).filter((r) => r.queue === 'mail');
    expect(row).toMatchObject({
      description: 'E-mail to lost@example.com: Your answer is ready',
      attempts: MAIL_MAX_ATTEMPTS,
      error: 'connection refused',
    });
    expect(await failedJobCounts(t.ctx)).toMatchObject({ mail: 1 });
    expect(JOB_RETRY.label).toBe('Retry');

    expect((await admin('POST', `/api/admin/failed-jobs/mail/${row!.id}/retry`)).statusCode).toBe(
      204,
    );
    const sent: MailMessage[] = [];
    await deliverDueMail(db(), { name: 'smtp', deliver: async (m) => void sent.push(m) }, logger);
    expect(sent.map((m) => m.to)).toEqual(['lost@example.com']);
    expect(await failedRows()).not.toContainEqual(expect.objectContaining({ id: row!.id }));
    expect((await queueDepth(t.ctx)).find((q) => q.queue === 'mail')).toMatchObject({
      failed: 0,
    });
  });

  it('stops on shutdown: the running job finishes, nothing runs after', async () => {
    let runs = 0;
    let finished = 0;
    const queue = createJobQueue(t.ctx.database, silent, FAST);
    await queue.start([
      {
        name: 'slow-sweep',
        intervalMs: 1000,
        async run() {
          runs++;
          await sleep(300);
          finished++;
        },
      },
    ]);
    await until(async () => runs > 0);
    await queue.stop(2000);
    expect(finished).toBe(runs);
    const stoppedAt = runs;
    await sleep(1500);
    expect(runs).toBe(stoppedAt);
  });

  it('runs a job its own process asked for at once, not at the next poll', async () => {
    // The worker polls once a minute: within the wait below only the ask's wake-up can start a run.
    const queue = createJobQueue(t.ctx.database, silent, { ...FAST, pollingIntervalSeconds: 60 });
    let runs = 0;
    await queue.start([{ name: 'woken-sweep', intervalMs: 1000, run: async () => void runs++ }]);
    await until(async () => runs >= 3, 30_000);
    await queue.stop(2000);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('the job queue across processes (postgres)', () => {
  let t: TestApp;
  const others: DatabaseHandle[] = [];
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop(1000)));
    await Promise.all(others.map((d) => d.close()));
    await t.close();
  });

  it('runs a recurring job once per interval, whichever of two processes asks', async () => {
    const url = (t.ctx.database as DatabaseHandle & { url?: string }).url!;
    let runs = 0;
    const job: Job = { name: 'shared-sweep', intervalMs: 1000, run: async () => void runs++ };
    for (let i = 0; i < 2; i++) {
      // Each "process" its own pool on the one database.
      const database = await openDatabase({ url }, { migrate: false });
      others.push(database);
      const queue = createJobQueue(database, silent, FAST);
      queues.push(queue);
      await queue.start([job]);
    }
    await sleep(3500);
    // A graceful stop waits for the jobs in hand to be recorded as completed: with a short grace a
    // loaded machine stopped a job that had run before its completion was written (runs 4,
    // completed 3), and the stop returns as soon as they are done.
    await Promise.all(queues.map((q) => q.stop(15_000)));
    const { rows } = await t.ctx.database.executeSql(
      `SELECT count(*)::int AS jobs, count(DISTINCT singleton_on)::int AS slots,
              count(*) FILTER (WHERE state = 'completed')::int AS completed
         FROM pgboss.job WHERE name = 'shared-sweep'`,
    );
    const { jobs, slots, completed } = rows[0] as {
      jobs: number;
      slots: number;
      completed: number;
    };
    // Both processes asked every second; one job per one-second slot was made, and each ran once.
    expect(jobs).toBeGreaterThanOrEqual(3);
    expect(jobs).toBe(slots);
    expect(runs).toBe(completed);
    expect(runs).toBeLessThanOrEqual(jobs);
  });

  it('installs its schema once when processes start together on an empty database', async () => {
    const { createEmptyTestDatabase } = await import('../test/harness');
    const empty = await createEmptyTestDatabase();
    try {
      const opened = await Promise.all([0, 1, 2].map(() => openDatabase({ url: empty.url })));
      const { rows } = await opened[0]!.executeSql(`SELECT version FROM pgboss.version`);
      expect(rows).toHaveLength(1);
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await empty.drop();
    }
  });
});
