import { ADMIN_ACTION_MESSAGES } from '../../../contracts/admin-actions';
import {
  ADMIN_FAILED_JOBS_LIMIT,
  MAIL_JOB_QUEUE,
  type AdminFailedJobRow,
} from '../../../contracts/admin-data';
import type { AppContext, ServiceDeps } from '../../context';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { failedMail, retryFailedMail } from '../mail';
import { audited } from './moderation';
import type { Actor } from './service';

/**
 * The Failed jobs tab (ADR 050): the queue's jobs that used their retries and the e-mails that
 * used their attempts, newest first, in one list.
 */
export async function failedJobsPage(
  db: Database,
  jobs: AppContext['jobs'],
): Promise<{ rows: AdminFailedJobRow[]; nextCursor: null }> {
  const [queued, mail] = await Promise.all([
    jobs.failed(ADMIN_FAILED_JOBS_LIMIT),
    failedMail(db, ADMIN_FAILED_JOBS_LIMIT),
  ]);
  const rows = [
    ...queued.map((job) => ({
      id: job.id,
      queue: job.queue,
      description: job.queue,
      attempts: job.attempts,
      error: job.error,
      failedAt: job.failedAt,
    })),
    ...mail.map((m) => ({
      id: m.id,
      queue: MAIL_JOB_QUEUE,
      description: `E-mail to ${m.to}: ${m.subject}`,
      attempts: m.attempts,
      error: m.lastError ?? '',
      failedAt: m.failedAt,
    })),
  ]
    .sort((a, b) => b.failedAt.getTime() - a.failedAt.getTime())
    .slice(0, ADMIN_FAILED_JOBS_LIMIT)
    .map((row) => ({ ...row, failedAt: row.failedAt.toISOString() }));
  return { rows, nextCursor: null };
}

/**
 * Retry, audited: a failed e-mail is due again with a fresh set of attempts (in the audit's
 * transaction); a failed job runs once more. The queue's retry is its own statement, on its own
 * connection, so it is made before the audit's transaction rather than inside it.
 */
export async function retryFailedJob(
  deps: Pick<ServiceDeps, 'db' | 'bus'> & { jobs: AppContext['jobs'] },
  actor: Actor,
  queue: string,
  id: string,
): Promise<void> {
  const retriedJob = queue === MAIL_JOB_QUEUE ? null : await deps.jobs.retry(queue, id);
  await audited(deps, actor, 'job.retry', { queue, id }, async (tx) => {
    const retried = retriedJob ?? (await retryFailedMail(tx, id));
    if (!retried) throw notFound(ADMIN_ACTION_MESSAGES.jobNotFailed);
  });
}
