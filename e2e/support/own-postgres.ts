import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, test as base, type AppServer } from './fixtures';
import { startServer } from './server';

/** The PostgreSQL server of CI (TEST_DATABASE_URL); files that need it skip without it. */
export const postgresServerUrl = process.env.TEST_DATABASE_URL;

/**
 * The fixtures of a file that moves the clock: moving it needs a database the test can reach while
 * the server runs, so the file starts its own server (on its own fixed `port`) on a database of its
 * own on the PostgreSQL server (the shared server runs on PGlite inside its process), dropped
 * afterwards, and `database` is the test's own connection to it.
 */
export function onOwnPostgres(port: number, prefix: string, env: Record<string, string> = {}) {
  return base.extend<object, { databaseUrl: string; database: pg.Client; server: AppServer }>({
    databaseUrl: [
      async ({}, use) => {
        const name = `${prefix}_${randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: postgresServerUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        const url = new URL(postgresServerUrl ?? '');
        url.pathname = `/${name}`;
        try {
          await use(url.toString());
        } finally {
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await admin.end();
        }
      },
      { scope: 'worker' },
    ],
    server: [
      async ({ databaseUrl }, use) => {
        // The refund's and the promise's tests wait for a sweep: it runs every second here.
        const server = await startServer({
          port,
          env: { SWEEP_INTERVAL_SECONDS: '1', ...env, DATABASE_URL: databaseUrl },
        });
        try {
          await use(server);
        } finally {
          await server.stop();
        }
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    database: [
      async ({ databaseUrl }, use) => {
        const database = new pg.Client({ connectionString: databaseUrl });
        await database.connect();
        try {
          await use(database);
        } finally {
          await database.end();
        }
      },
      { scope: 'worker' },
    ],
  });
}

/**
 * Moves a paid question's clock back, its payment and its deadline ("Answer by") to the given
 * PostgreSQL intervals ago, and waits for the refund job to refund it at the deadline (ADR 060).
 */
export async function letDeadlinePass(
  database: pg.Client,
  questionId: string,
  ago: { paid: string; deadline: string },
) {
  await database.query(
    `UPDATE questions SET paid_at = now() - $2::interval, answer_by = now() - $3::interval
      WHERE id = $1`,
    [questionId, ago.paid, ago.deadline],
  );
  await expect
    .poll(
      async () =>
        (await database.query('SELECT status FROM questions WHERE id = $1', [questionId])).rows[0]
          ?.status,
      { message: 'the refund job refunds the question', intervals: [500] },
    )
    .toBe('refunded');
}
