/**
 * npm run chaos [-- --duration 60 --kills 3 --players 6 --coaches 3 --keep]
 *
 * Crash safety (issue 7): the production build on a fresh PostgreSQL database under a write load of
 * questions, answers and payments, killed with SIGKILL at random moments and started again on the
 * same database. Afterwards the database must hold every write that was acknowledged with a 2xx, and
 * the money tables their invariants. Prints a summary; exits 1 when a check fails.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createCoach, createPlayer, signInAdmin, type Coach, type Player } from './actors';
import { createChaosDatabase, databaseUrl, dropChaosDatabase, withChaosDb } from './database';
import { Stats } from './http';
import { Ledger, runLoad } from './load';
import { ChaosServer, ensureBuild, freePort, killAllServers, snapshotBuild } from './server';
import { verify, waitForSettledMoney, type Check } from './verify';

const log = (line: string) => console.log(`[chaos] ${line}`);

function options() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      kills: { type: 'string', default: '3' },
      players: { type: 'string', default: '6' },
      coaches: { type: 'string', default: '3' },
      keep: { type: 'boolean', default: false },
    },
  });
  const int = (name: string, value: string, min: number, max: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new Error(`--${name} must be an integer from ${min} to ${max} (got ${value})`);
    }
    return n;
  };
  return {
    durationS: int('duration', values.duration, 5, 3600),
    kills: int('kills', values.kills, 0, 100),
    players: int('players', values.players, 1, 200),
    coaches: int('coaches', values.coaches, 1, 200),
    keep: values.keep,
  };
}

/** One moment per kill, each at random inside its own slice of 10%–90% of the load. */
function killSchedule(durationMs: number, kills: number): number[] {
  const from = durationMs * 0.1;
  const slice = (durationMs * 0.8) / Math.max(kills, 1);
  return Array.from({ length: kills }, (_, i) => from + slice * i + Math.random() * slice * 0.8);
}

const OPS = ['ask', 'checkout', 'pay', 'answer', 'admin', 'dispute', 'resolve'] as const;

function printSummary(
  stats: Stats,
  server: ChaosServer,
  checks: Check[],
  facts: Record<string, number>,
  elapsedS: number,
  doubleAnswers: number,
  adminBursts: number,
  disputes: number,
): void {
  const outcomes = new Set<string>();
  for (const row of stats.ops.values()) for (const k of row.keys()) outcomes.add(k);
  const errorKinds = [...outcomes].filter((k) => k !== '2xx').sort();
  const header = ['operation', 'requests', '2xx', ...errorKinds];
  const rows: string[][] = [];
  const totals = new Map<string, number>();
  for (const op of OPS) {
    const row = stats.ops.get(op) ?? new Map<string, number>();
    const requests = [...row].filter(([k]) => k !== 'gave-up').reduce((sum, [, n]) => sum + n, 0);
    const cells = [op, String(requests), String(row.get('2xx') ?? 0)];
    for (const k of errorKinds) cells.push(String(row.get(k) ?? 0));
    rows.push(cells);
    totals.set('requests', (totals.get('requests') ?? 0) + requests);
    for (const [k, n] of row) totals.set(k, (totals.get(k) ?? 0) + n);
  }
  rows.push([
    'total',
    String(totals.get('requests') ?? 0),
    String(totals.get('2xx') ?? 0),
    ...errorKinds.map((k) => String(totals.get(k) ?? 0)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log('');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  console.log('');
  console.log(
    'conn:refused = nothing listening (never received); conn:lost = connection cut after sending ' +
      '(outcome unknown); retried in both cases, only 2xx responses recorded.',
  );
  console.log(
    `${doubleAnswers} questions were answered by two concurrent requests: a 409 for the loser of ` +
      'each pair is expected, as is a 409 when a retry finds its lost first attempt committed.',
  );
  console.log(
    `${adminBursts} administrator bursts of 10 concurrent refunds, holds and releases: 409s are ` +
      'the actions a concurrent one made unavailable.',
  );
  console.log(
    `${disputes} disputes, each resolved by 5 concurrent partial refunds of 10–90 % of the price: ` +
      '409s are the administrators who found it decided, or a refund while a partial one is under way.',
  );
  const downtimes = server.downtimes.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ');
  console.log(
    `load ${elapsedS.toFixed(0)} s · kills (SIGKILL) ${server.kills} · starts ${server.starts}` +
      (downtimes ? ` · down after each kill: ${downtimes}` : ''),
  );
  console.log(
    `database: ${Object.entries(facts)
      .map(([k, v]) => `${k} ${v}`)
      .join(' · ')}`,
  );
  console.log('');
  const nameWidth = Math.max(...checks.map((c) => c.name.length));
  for (const c of checks) {
    console.log(`${c.passed ? 'PASS' : 'FAIL'}  ${c.name.padEnd(nameWidth)}  ${c.detail}`);
  }
  const failed = checks.filter((c) => !c.passed).length;
  console.log('');
  console.log(`checks: ${checks.length - failed} passed, ${failed} failed`);
}

async function main(): Promise<number> {
  const opts = options();
  ensureBuild(log);
  const workDir = mkdtempSync(path.join(tmpdir(), 'playbook-chaos-'));
  const runId = randomBytes(3).toString('hex');
  let database: string | null = null;
  let server: ChaosServer | null = null;
  let keepArtifacts = opts.keep;

  const cleanUp = async () => {
    killAllServers();
    if (database && !opts.keep) {
      await dropChaosDatabase(database).catch((err: unknown) =>
        console.error(`[chaos] could not drop ${database}: ${String(err)}`),
      );
    }
    if (!keepArtifacts) rmSync(workDir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Whatever happens, no server outlives the run.
  process.once('exit', killAllServers);

  try {
    const entry = snapshotBuild(path.join(workDir, 'build'));
    database = await createChaosDatabase();
    log(`database ${database}`);
    const port = await freePort();
    server = new ChaosServer({
      entry,
      databaseUrl: databaseUrl(database),
      port,
      dataDir: path.join(workDir, 'data'),
      logFile: path.join(workDir, 'server.log'),
    });
    await server.start();
    log(`server pid ${server.pid} on ${server.url} (log ${path.join(workDir, 'server.log')})`);

    const coaches: Coach[] = [];
    for (let i = 1; i <= opts.coaches; i++) {
      // Prices in whole dollars; some give a fractional 70% before rounding (e.g. $33 → 2310 ¢).
      coaches.push(await createCoach(server.url, database, i, runId, 17 + 16 * i));
    }
    const players: Player[] = [];
    for (let i = 1; i <= opts.players; i++) {
      players.push(await createPlayer(server.url, database, i, runId));
    }
    const admin = await signInAdmin(server.url);
    log(`${coaches.length} Coaches, ${players.length} Players and an administrator signed in`);

    const stats = new Stats();
    const ledger = new Ledger();
    const durationMs = opts.durationS * 1000;
    const started = Date.now();
    const deadline = started + durationMs;
    const running = server;
    const kills = (async () => {
      for (const at of killSchedule(durationMs, opts.kills)) {
        const wait = started + at - Date.now();
        if (wait > 0) await sleep(wait);
        const pid = running.pid;
        await running.crashAndRestart();
        log(
          `kill -9 ${pid} at ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
            `restarted as ${running.pid} in ${((running.downtimes.at(-1) ?? 0) / 1000).toFixed(1)} s`,
        );
      }
    })();
    const progress = setInterval(() => {
      log(
        `${((Date.now() - started) / 1000).toFixed(0)} s: ${ledger.created.size} asked, ` +
          `${ledger.answered.size} answered, ${ledger.paid.size} paid, ${running.kills} kills`,
      );
    }, 10_000);
    try {
      await Promise.all([
        kills,
        runLoad({
          baseUrl: server.url,
          coaches,
          players,
          admin,
          deadline,
          stats,
          ledger,
          payShare: 0.5,
          doubleAnswerShare: 0.1,
        }),
      ]);
    } finally {
      clearInterval(progress);
    }
    const elapsedS = (Date.now() - started) / 1000;
    // Let the sweeps finish: claims a kill left behind are recovered once they are stale (60 s).
    const settled = await waitForSettledMoney(database, 120_000);
    log(settled ? 'every money claim settled' : 'money claims still open after 120 s');
    await server.stop();

    const { checks, facts } = await withChaosDb(database, (client) =>
      verify(client, ledger, stats.get('ask', 'conn:lost')),
    );
    printSummary(
      stats,
      server,
      checks,
      facts,
      elapsedS,
      ledger.doubleAnswers,
      ledger.adminBursts,
      ledger.disputed.size,
    );
    const failed = checks.some((c) => !c.passed);
    if (failed) {
      keepArtifacts = true;
      log(`server log kept: ${path.join(workDir, 'server.log')}`);
    }
    if (opts.keep) log(`database kept: ${databaseUrl(database)}`);
    return failed ? 1 : 0;
  } catch (err) {
    keepArtifacts = true;
    console.error(`[chaos] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    if (server) console.error(`[chaos] server log tail:\n${server.logTail()}`);
    return 2;
  } finally {
    await cleanUp();
  }
}

process.exitCode = await main();
// The keep-alive agent would hold the process open for a while; everything is done.
process.exit();
