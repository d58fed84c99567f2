import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/client';
import { JOB_QUEUE_SCHEMA } from '../db/job-queue-schema';
import { keepUnawaitedCompletionsHandled } from './pg-boss-completions';

/** A recurring piece of background work: one run per interval across every process. */
export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
}

export interface JobQueueOptions {
  /**
   * How often an idle worker asks for its queue's next job: for retries, and for a job another
   * process asked for and did not run. A job this process asked for, or an administrator's Retry
   * here, wakes the worker at once.
   */
  pollingIntervalSeconds: number;
  /** Attempts after the first before a job gives up. */
  retryLimit: number;
  /** The first retry's delay; each further one doubles it (with jitter). */
  retryDelaySeconds: number;
  /** false: pg-boss's schema is current already (`npm run migrate`), only checked. */
  migrate: boolean;
  /** Told of every job that gives up, by its name: the metrics count them (ADR 051). */
  onGaveUp?: (job: string) => void;
  /** Told of the jobs this process runs, once they start: the metrics count each from zero. */
  onStart?: (jobs: string[]) => void;
}

export const DEFAULT_JOB_QUEUE_OPTIONS: JobQueueOptions = {
  pollingIntervalSeconds: 10,
  retryLimit: 3,
  retryDelaySeconds: 10,
  migrate: true,
};

/** A job that gave up after its retries, as the administrators' list shows it. */
export interface FailedJob {
  queue: string;
  id: string;
  attempts: number;
  error: string;
  failedAt: Date;
}

/** Jobs waiting (created or due for a retry), running and given up, per queue. */
export interface QueueCounts {
  queue: string;
  waiting: number;
  active: number;
  failed: number;
}

export interface JobQueue {
  /** Creates the queues and their workers, and starts asking for one run of each per interval. */
  start(jobs: Job[]): Promise<void>;
  /** Stops asking and fetching; waits up to `timeoutMs` for the jobs running to finish. */
  stop(timeoutMs: number): Promise<void>;
  /** The jobs that gave up, newest first. */
  failed(limit?: number): Promise<FailedJob[]>;
  /** Runs a failed job once more; false when no failed job of that queue has that id. */
  retry(queue: string, id: string): Promise<boolean>;
  /** For the metrics: depth and failures per queue, read from the database (every process's). */
  counts(): Promise<QueueCounts[]>;
  /** For the metrics: jobs this process saw give up since it started, per queue. */
  gaveUp(): Readonly<Record<string, number>>;
}

/** pg-boss's own queues (cron, send-it) are not ours to list. */
const OURS = `name NOT LIKE '\\_\\_pgboss\\_\\_%'`;
/** Completed jobs leave the live table after an hour; failed ones stay a month, to be retried. */
const ARCHIVE_COMPLETED_SECONDS = 60 * 60;
const ARCHIVE_FAILED_SECONDS = 30 * 24 * 60 * 60;
/** After logging a queue error, further ones are counted, not logged, for this long. */
const ERROR_LOG_QUIET_MS = 60_000;
/** A run that takes longer than this counts as failed (and is retried). */
const EXPIRE_SECONDS = 10 * 60;

const errorText = (output: unknown): string => {
  if (output && typeof output === 'object' && 'message' in output) {
    return String((output as { message: unknown }).message);
  }
  return output == null ? '' : JSON.stringify(output);
};

/** Attempts at one statement that PostgreSQL chose as a deadlock's victim, before giving up. */
const DEADLOCK_ATTEMPTS = 5;

/**
 * Processes starting together create the same queues at once, and pg-boss's `createQueue` (an
 * insert plus a partition table) can deadlock against itself: PostgreSQL aborts one side (40P01),
 * which only has to try again. Seen in the cluster proof, 1 start in 3 on an empty database.
 */
async function retriedOnDeadlock<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      const deadlock = (err as { code?: unknown }).code === '40P01';
      if (!deadlock || attempt >= DEADLOCK_ATTEMPTS) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/**
 * The job queue (ADR 050): pg-boss on the app's own database connections — the pool on
 * PostgreSQL, the one connection on PGlite — through `executeSql`. Each process asks for one run
 * of each job per interval (a throttled send: pg-boss keeps one job per job name and time slot,
 * whoever asks), and whichever process's worker fetches it first runs it. A run that throws is
 * retried with exponential back-off; one that has used its retries is logged as an error,
 * counted and kept for the administrators' Failed jobs list.
 */
export function createJobQueue(
  database: Pick<DatabaseHandle, 'executeSql'>,
  logger: Logger,
  options: Partial<JobQueueOptions> = {},
): JobQueue {
  const settings = { ...DEFAULT_JOB_QUEUE_OPTIONS, ...options };
  keepUnawaitedCompletionsHandled(logger);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: JOB_QUEUE_SCHEMA,
    migrate: settings.migrate,
    // Recurring work is asked for by the processes themselves (sub-minute intervals); pg-boss's
    // cron clock would add a poller for nothing.
    schedule: false,
    supervise: true,
    archiveCompletedAfterSeconds: ARCHIVE_COMPLETED_SECONDS,
    archiveFailedAfterSeconds: ARCHIVE_FAILED_SECONDS,
    deleteAfterDays: 7,
  });
  // While the database is away every worker's every poll fails: one line a minute, not per poll.
  let quietUntil = 0;
  let repeats = 0;
  boss.on('error', (err) => {
    if (Date.now() < quietUntil) {
      repeats++;
      return;
    }
    logger.warn({ err, repeatsSinceLast: repeats }, 'job queue error');
    repeats = 0;
    quietUntil = Date.now() + ERROR_LOG_QUIET_MS;
  });
  const gaveUp: Record<string, number> = {};
  let timers: NodeJS.Timeout[] = [];
  /** This process's worker of each queue, to wake when there is work for it. */
  const workers = new Map<string, string>();
  const wake = (queue: string) => {
    const worker = workers.get(queue);
    if (worker) boss.notifyWorker(worker);
  };

  const ask = (job: Job) => {
    let failing = false;
    const singletonSeconds = Math.max(1, Math.round(job.intervalMs / 1000));
    return async () => {
      try {
        const created = await boss.send(job.name, {}, { singletonKey: job.name, singletonSeconds });
        // The process whose ask made this slot's job runs it at once: its worker need not poll for
        // it, and polling every queue often was most of an idle server's work (ADR 094).
        if (created) wake(job.name);
        if (failing) logger.info({ job: job.name }, 'job queue reachable again');
        failing = false;
      } catch (err) {
        // Logged once per outage, not every interval.
        if (!failing) logger.warn({ err, job: job.name }, 'job queue unreachable');
        failing = true;
      }
    };
  };

  return {
    async start(jobs) {
      await boss.start();
      for (const job of jobs) {
        const queue = {
          name: job.name,
          retryLimit: settings.retryLimit,
          retryDelay: settings.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: EXPIRE_SECONDS,
        };
        await retriedOnDeadlock(() => boss.createQueue(job.name, queue));
        // A queue made by an earlier version keeps up with today's retry settings.
        await retriedOnDeadlock(() => boss.updateQueue(job.name, queue));
        const worker = await boss.work<object>(
          job.name,
          { pollingIntervalSeconds: settings.pollingIntervalSeconds, includeMetadata: true },
          async ([run]) => {
            try {
              return await job.run();
            } catch (err) {
              const last = !!run && run.retryCount >= run.retryLimit;
              if (last) {
                gaveUp[job.name] = (gaveUp[job.name] ?? 0) + 1;
                settings.onGaveUp?.(job.name);
                logger.error({ err, job: job.name, jobId: run.id }, 'job gave up after retries');
              } else {
                logger.warn({ err, job: job.name, jobId: run?.id }, 'job failed, will retry');
              }
              throw err;
            }
          },
        );
        workers.set(job.name, worker);
      }
      settings.onStart?.(jobs.map((job) => job.name));
      timers = jobs.map((job) => {
        const tick = ask(job);
        void tick();
        return setInterval(() => void tick(), job.intervalMs);
      });
    },

    async stop(timeoutMs) {
      timers.forEach(clearInterval);
      timers = [];
      workers.clear();
      // The connections are the app's: the database closes them after.
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false, wait: true });
    },

    async failed(limit = 100) {
      const { rows } = await database.executeSql(
        `SELECT name, id::text AS id, retry_count::int AS attempts, output, completed_on
           FROM ${JOB_QUEUE_SCHEMA}.job
          WHERE state = 'failed' AND ${OURS}
          ORDER BY completed_on DESC NULLS LAST
          LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({
        queue: String(row.name),
        id: String(row.id),
        attempts: Number(row.attempts) + 1,
        error: errorText(row.output),
        failedAt: new Date(row.completed_on as string | Date),
      }));
    },

    async retry(queue, id) {
      const result = (await boss.retry(queue, id)) as unknown as { affected?: number } | undefined;
      const retried = (result?.affected ?? 0) > 0;
      if (retried) wake(queue);
      return retried;
    },

    async counts() {
      const { rows } = await database.executeSql(
        `SELECT name,
                count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
                count(*) FILTER (WHERE state = 'active')::int AS active,
                count(*) FILTER (WHERE state = 'failed')::int AS failed
           FROM ${JOB_QUEUE_SCHEMA}.job
          WHERE ${OURS}
          GROUP BY name
          ORDER BY name`,
      );
      return rows.map((row) => ({
        queue: String(row.name),
        waiting: Number(row.waiting),
        active: Number(row.active),
        failed: Number(row.failed),
      }));
    },

    gaveUp: () => ({ ...gaveUp }),
  };
}
