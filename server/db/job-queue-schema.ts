import PgBoss from 'pg-boss';

/** Raw SQL: `$n` parameters, or, with none, a script whose last statement's rows come back. */
export type ExecuteSql = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

/** The schema pg-boss keeps its queues, jobs and archive in, beside ours (ADR 050). */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/**
 * Creates pg-boss's schema, or brings it to the installed version's, as part of the migrations
 * (ADR 050): on PostgreSQL on the connection that holds the migration lock (ADR 045), so
 * processes starting together install it once; `npm run migrate` does it too. pg-boss takes its
 * own advisory lock around the script as well. Nothing runs: no worker, no maintenance.
 */
export async function installJobQueue(executeSql: ExecuteSql): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => executeSql(text, values) },
    schema: JOB_QUEUE_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}
