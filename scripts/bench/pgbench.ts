/**
 * PostgreSQL's own write ceiling on this machine, measured in the same run as the app's writes:
 * `pgbench -b simple-update` (one UPDATE, one SELECT and one INSERT per transaction, committed
 * durably) at the bench's connection count, on its own database `bench_pgbench`.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BENCH_PG_URL, PGBENCH_DATABASE, createDatabaseIfMissing } from './db';

const run = promisify(execFile);

/** 10 × 100,000 accounts: large enough that 50 clients rarely touch the same row. */
const SCALE = 10;

function connectionArgs(): string[] {
  const url = new URL(BENCH_PG_URL);
  return ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username)];
}

export interface PgbenchResult {
  tps: number;
  clients: number;
  durationS: number;
}

export async function runPgbench(
  clients: number,
  durationS: number,
  log: (line: string) => void,
): Promise<PgbenchResult> {
  if (await createDatabaseIfMissing(PGBENCH_DATABASE)) {
    log(`  pgbench: initialising ${PGBENCH_DATABASE} at scale ${SCALE}…`);
    await run('pgbench', [...connectionArgs(), '-i', '-q', '-s', String(SCALE), PGBENCH_DATABASE]);
  }
  const tps = await pgbenchTps(PGBENCH_DATABASE, ['-b', 'simple-update'], clients, durationS);
  log(`  pgbench simple-update    ${tps.toFixed(0).padStart(7)} tx/s  (${clients} clients)`);
  return { tps, clients, durationS };
}

/** Transactions per second of one pgbench run on `database` (`args` name the script). */
export async function pgbenchTps(
  database: string,
  args: string[],
  clients: number,
  durationS: number,
): Promise<number> {
  const threads = String(Math.min(clients, 2));
  const { stdout } = await run('pgbench', [
    ...connectionArgs(),
    '-n',
    ...args,
    '-c',
    String(clients),
    '-j',
    threads,
    '-T',
    String(durationS),
    database,
  ]);
  const match = /tps = ([\d.]+)/.exec(stdout);
  if (!match) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(match[1]);
}
