/**
 * The cluster under test (ADR 052): HAProxy (Debian's package) with deploy/haproxy.cfg in front of
 * three processes of the production build, which reach one fresh PostgreSQL database through a TCP
 * proxy the test can cut, and deliver their mail to a real SMTP server.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from '../../scripts/chaos/server';
import { ROOT } from '../../scripts/lib/server-process';
import { startTcpProxy, type TcpProxy } from '../../server/test/tcp-proxy';
import { AppProcess, assertBuilt, clusterEnv, waitForOk } from './processes';
import { startSmtpSink, type SmtpSink } from './smtp';

export const HAPROXY_CONFIG = path.join(ROOT, 'deploy/haproxy.cfg');
const DATABASE_NAME = /^cluster_[0-9a-f]{12}$/;

/** The PostgreSQL server to use: TEST_DATABASE_URL's, with a database of the run's own. */
function databaseUrl(name: string): string {
  if (!DATABASE_NAME.test(name)) throw new Error(`refusing to touch database "${name}"`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function withServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function assertHaproxy(): void {
  if (spawnSync('haproxy', ['-v']).status !== 0) {
    throw new Error('haproxy is not installed: apt-get install haproxy (.ci/run does)');
  }
}

export interface Cluster {
  /** The load balancer's address: what users reach. */
  url: string;
  apps: AppProcess[];
  proxy: TcpProxy;
  smtp: SmtpSink;
  /** A query on the cluster's database, straight to PostgreSQL (never through the cut proxy). */
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  /** Waits until HAProxy's health checks see each named process up (or down). */
  waitForBalancer(state: 'UP' | 'DOWN', names: string[], timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  assertBuilt();
  assertHaproxy();
  const name = `cluster_${randomBytes(6).toString('hex')}`;
  await withServer((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(databaseUrl(name));
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  const smtp = await startSmtpSink();
  const dir = mkdtempSync(path.join(tmpdir(), 'playbook-cluster-'));
  const [lbPort, statsPort, ...ports] = await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  );
  const publicUrl = `http://127.0.0.1:${lbPort}`;
  const apps = ports.map(
    (port, i) =>
      new AppProcess(
        `app${i + 1}`,
        port,
        clusterEnv({
          port,
          databaseUrl: url.toString(),
          dataDir: path.join(dir, `app${i + 1}`),
          publicUrl,
          smtpUrl: smtp.url,
        }),
        path.join(dir, `app${i + 1}.log`),
      ),
  );
  const admin = new pg.Pool({ connectionString: databaseUrl(name), max: 2 });

  const haproxy: ChildProcess = spawn('haproxy', ['-f', HAPROXY_CONFIG, '-db'], {
    env: {
      PATH: process.env.PATH,
      PLAYBOOK_LB_BIND: `127.0.0.1:${lbPort}`,
      PLAYBOOK_LB_STATS_BIND: `127.0.0.1:${statsPort}`,
      ...Object.fromEntries(
        apps.map((app) => [`PLAYBOOK_${app.name.toUpperCase()}`, `127.0.0.1:${app.port}`]),
      ),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let haproxyErrors = '';
  haproxy.stderr?.on('data', (chunk: Buffer) => (haproxyErrors += chunk.toString()));
  const statsUrl = `http://127.0.0.1:${statsPort}/;csv`;

  const balancerStates = async (): Promise<Map<string, string>> => {
    const csv = await (await fetch(statsUrl, { signal: AbortSignal.timeout(2000) })).text();
    const [header = '', ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const status = columns.indexOf('status');
    return new Map(
      rows
        .map((row) => row.split(','))
        .filter((cells) => cells[0] === 'playbook')
        .map((cells) => [cells[1] ?? '', cells[status] ?? '']),
    );
  };

  const cluster: Cluster = {
    url: publicUrl,
    apps,
    proxy,
    smtp,
    async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      return (await admin.query<R>(sql, params)).rows;
    },
    async waitForBalancer(state, names, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const states = await balancerStates().catch(() => new Map<string, string>());
        if (names.every((n) => states.get(n)?.startsWith(state))) return;
        if (Date.now() > deadline) {
          throw new Error(
            `HAProxy: ${names.join(', ')} not ${state}: ${JSON.stringify([...states])}`,
          );
        }
        await sleep(100);
      }
    },
    async close() {
      await Promise.all(apps.map((app) => app.kill()));
      if (haproxy.exitCode === null) {
        const exited = once(haproxy, 'exit');
        haproxy.kill('SIGKILL');
        await exited;
      }
      await admin.end();
      await proxy.close();
      await smtp.close();
      await withServer(async (client) => {
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
      });
      if (!process.env.CLUSTER_KEEP_LOGS) rmSync(dir, { recursive: true, force: true });
      else console.log(`cluster logs kept in ${dir}`);
    },
  };

  try {
    await waitForOk(statsUrl.replace(';csv', ''), haproxy, 10_000).catch((err: unknown) => {
      throw new Error(`HAProxy did not start: ${haproxyErrors}`, { cause: err });
    });
    // All three at once on the empty database: the migrations run once, under a lock (ADR 045).
    apps.forEach((app) => app.spawn());
    await Promise.all(apps.map((app) => app.ready()));
    await cluster.waitForBalancer(
      'UP',
      apps.map((app) => app.name),
    );
    return cluster;
  } catch (err) {
    await cluster.close();
    throw err;
  }
}
