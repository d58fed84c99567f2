import pg from 'pg';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createContext } from '../../bootstrap';
import { loadConfig } from '../../config';
import { openTestDatabase, testDatabaseKind } from '../../test/harness';
import { BUS_APPLICATION_NAME, createPostgresBus } from './postgres';

interface LogLine {
  time: number;
  msg: string;
}

// LISTEN/NOTIFY needs a PostgreSQL server; this runs in the PostgreSQL pass of `npm test`.
describe.runIf(testDatabaseKind === 'postgres')(
  'the event bus after its connection is killed',
  () => {
    it('reconnects with back-off, is not ready meanwhile, logs the outage once and loses no event', async () => {
      const database = await openTestDatabase();
      const url = database.url ?? '';
      const name = new URL(url).pathname.slice(1);
      const lines: LogLine[] = [];
      const logger = pino(
        { level: 'debug' },
        { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
      );
      const logged = (msg: string) => lines.filter((line) => line.msg.startsWith(msg));
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        EVENTS_DRIVER: 'postgres',
      });
      const ctx = await createContext(config, logger, database);
      const app = await buildApp(ctx, {
        webRoot: '/nonexistent',
        logger: pino({ level: 'silent' }),
      });
      // From the server's own database: a database cannot refuse connections to itself.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      // The app's LISTEN connection, found before another process's bus connects too.
      const { rows } = await admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = $2',
        [BUS_APPLICATION_NAME, name],
      );
      expect(rows).toHaveLength(1);
      const other = await createPostgresBus(url, pino({ level: 'silent' }));
      const ready = async () =>
        (await app.inject({ method: 'GET', url: '/api/health/ready' })).json<{ bus: string }>();
      try {
        const onOther: string[] = [];
        other.subscribe('coaches.changed', ({ userId }) => onOther.push(userId));
        const here: string[] = [];
        ctx.bus.subscribe('coaches.changed', ({ userId }) => here.push(userId));
        expect(await ready()).toMatchObject({ status: 'ready', bus: 'connected' });

        // The outage: the bus's backend is terminated and, for a while, nothing may connect again.
        await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
        // Only the app's: the other process keeps listening, so it can hear what was held.
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        await vi.waitFor(async () => expect(await ready()).toMatchObject({ bus: 'disconnected' }));
        const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(response.statusCode).toBe(503);

        // Events published during the outage: one warning for all of them, held for the reconnect.
        for (const userId of ['down-1', 'down-2', 'down-3']) {
          await ctx.bus.publish('coaches.changed', { userId });
        }
        await vi.waitFor(() => expect(logged('event bus reconnect failed').length).toBe(3), {
          timeout: 5000,
        });
        // Back-off: each failed attempt waits longer than the one before.
        const attempts = logged('event bus reconnect failed').map((line) => line.time);
        expect(attempts[2]! - attempts[1]!).toBeGreaterThan(attempts[1]! - attempts[0]!);

        await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
        await vi.waitFor(async () => expect(await ready()).toMatchObject({ status: 'ready' }), {
          timeout: 10_000,
        });
        expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(
          200,
        );

        // The held events reach the other process; events after the reconnect flow both ways.
        const arrives = { timeout: 5000 };
        await vi.waitFor(() => expect(onOther).toEqual(['down-1', 'down-2', 'down-3']), arrives);
        await ctx.bus.publish('coaches.changed', { userId: 'up-1' });
        await other.publish('coaches.changed', { userId: 'up-2' });
        await vi.waitFor(() => expect(onOther).toContain('up-1'), arrives);
        await vi.waitFor(() => expect(here).toContain('up-2'), arrives);

        expect(logged('event bus connection lost')).toHaveLength(1);
        expect(logged('event bus not connected')).toHaveLength(1);
        expect(logged('event bus reconnected')).toHaveLength(1);
      } finally {
        await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`).catch(() => {});
        await admin.end();
        await app.close();
        await ctx.bus.close();
        await other.close();
        await database.close();
      }
    });
  },
);
