import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '../../test/harness';
import { startTcpProxy } from '../../test/tcp-proxy';
import { createPostgresBus, NOTIFY_TIMEOUT_MS } from './postgres';

// A proxy in front of a database server; this runs in the PostgreSQL pass of `npm test`.
describe.runIf(testDatabaseKind === 'postgres')('PostgreSQL event bus in an outage', () => {
  it('gives up a connection that stopped answering, and hears again once the database is back', async () => {
    const database = await openTestDatabase();
    const direct = new URL(database.url ?? '');
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const silent = pino({ level: 'silent' });
    const one = await createPostgresBus(proxied.toString(), silent);
    const two = await createPostgresBus(direct.toString(), silent);
    try {
      const heard: string[] = [];
      two.subscribe('coaches.changed', ({ userId }) => heard.push(userId));

      // The bus connection's packets go nowhere, for good.
      await proxy.set('blackhole');
      proxy.forgetStalled();
      const started = performance.now();
      await one.publish('coaches.changed', { userId: 'lost' });
      expect(performance.now() - started).toBeLessThan(NOTIFY_TIMEOUT_MS + 1_000);

      // Down for a while: every reconnection in the meantime fails, and the bus keeps trying.
      await proxy.set('refuse');
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await proxy.set('forward');
      await vi.waitFor(
        async () => {
          await one.publish('coaches.changed', { userId: 'back' });
          expect(heard).toContain('back');
        },
        { timeout: 15_000, interval: 500 },
      );
    } finally {
      await one.close();
      await two.close();
      await proxy.close();
      await database.close();
    }
  }, 60_000);
});
