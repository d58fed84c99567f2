import type { Logger } from 'pino';

export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
}

/**
 * Runs each job on its interval, never overlapping with itself. Every process runs the same jobs;
 * the jobs make that safe by claiming rows with SKIP LOCKED. A failed run is logged and handed to
 * `onFailure` (the `jobs_failed_total` counter, ADR 051).
 */
export function startJobs(
  jobs: Job[],
  logger: Logger,
  onFailure: (job: string) => void = () => {},
): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    let busy = false;
    return setInterval(() => {
      if (busy) return;
      busy = true;
      const run = job
        .run()
        .catch((err: unknown) => {
          logger.error({ err, job: job.name }, 'job failed');
          onFailure(job.name);
        })
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    }, job.intervalMs);
  });
  return async () => {
    timers.forEach(clearInterval);
    await Promise.all(running);
  };
}
