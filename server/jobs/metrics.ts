import type { AppContext } from '../context';
import { MAIL_JOB_QUEUE } from '../../contracts/admin-data';
import { mailQueueCounts } from '../modules/mail';
import type { QueueCounts } from './queue';

/**
 * For `/metrics` (ADR 050): per queue, jobs waiting, running and given up, across every process
 * (read from the database), with the e-mails of the outbox as the queue `mail` (waiting: not yet
 * sent; failed: given up after their attempts, listed for the administrators).
 */
export async function queueDepth(
  ctx: Pick<AppContext, 'database' | 'jobs'>,
): Promise<QueueCounts[]> {
  const [jobs, mail] = await Promise.all([ctx.jobs.counts(), mailQueueCounts(ctx.database.db)]);
  return [
    ...jobs,
    { queue: MAIL_JOB_QUEUE, waiting: mail.waiting, active: 0, failed: mail.failed },
  ];
}

/** Jobs and e-mails given up, per queue: what an alert watches. */
export async function failedJobCounts(
  ctx: Pick<AppContext, 'database' | 'jobs'>,
): Promise<Record<string, number>> {
  return Object.fromEntries((await queueDepth(ctx)).map((q) => [q.queue, q.failed]));
}
