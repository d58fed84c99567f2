/**
 * npm run bench: the performance proof of issue 7 (not part of npm test). See bench/README.md.
 *
 * Options (all optional):
 *   --sizes small,large     datasets to run (seeded automatically when missing; --reseed forces it)
 *   --duration 15           seconds per endpoint measurement (after --warmup 3 seconds)
 *   --connections 50        autocannon connections
 *   --rounds 3              rounds of each signed-in read and its statement (ADR 068, 079)
 *   --skip a,b              phases to skip: endpoints, reads, public-reads, writes, realtime, sse,
 *                           lighthouse, inp, load, upload, video-review (reads, public-reads and
 *                           writes are parts of endpoints: skip public-reads and writes to measure
 *                           only the signed-in reads, reads to measure only the writes and pgbench)
 *   --upload-mb 200         the upload phase's video; --upload-drivers disk,s3
 *   --review-seconds 180    the video-review phase's recorded voice-over (issue 38: 3 minutes)
 *   --review-parts steps    the video-review phase's parts: drawing, steps, recording (all by
 *                           default; without the recording the figures are logged, not reported)
 *   --load-duration 120     seconds of the simulated-user load; --load-users 200; --think-ms 500
 *   --sse 2000,5000,10000   idle SSE connection levels; --rt-answers 200
 *   --log-level warn        the app server's LOG_LEVEL
 *   --save-lhr              also write every Lighthouse run's full report to bench/results/lhr-<start>/
 *   --form-factors mobile   Lighthouse profiles to run (default mobile,desktop)
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SHAPES } from './constants';
import { benchPool, databaseExists, databaseName, databaseUrl, parseSize, type Size } from './db';
import {
  runBaseline,
  runOneQueryFloor,
  runReads,
  type EndpointResult,
  type RunOptions,
} from './endpoints';
import { findFixtures, removeBenchWrites } from './fixtures';
import { inpPages, measureInp } from './inp';
import { runLighthouse } from './lighthouse';
import { runPgbench, type PgbenchResult } from './pgbench';
import { runLoad } from './load';
import {
  ROOT,
  ensureBuild,
  snapshotBuild,
  startAppServer,
  startHelloServer,
  type Child,
} from './processes';
import { measureIdleSse, measureSseLatency } from './realtime';
import { measureStatementCeilings, type StatementRates } from './statement-ceiling';
import {
  TARGETS,
  costGrowth,
  machine,
  printReport,
  verdicts,
  writeReport,
  type Report,
} from './report';
import { seedBench } from './seed';
import { measureUploads, type StartApp } from './upload';
import { measureVideoReview, REVIEW_PARTS, type ReviewPart } from './video-review';
import { runWrites } from './writes';

const PHASES = [
  'endpoints',
  'reads',
  'public-reads',
  'writes',
  'realtime',
  'sse',
  'lighthouse',
  'inp',
  'load',
  'upload',
  'video-review',
] as const;
type Phase = (typeof PHASES)[number];

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: 'small,large' },
    duration: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    skip: { type: 'string', default: '' },
    'load-duration': { type: 'string', default: '120' },
    'load-users': { type: 'string', default: '200' },
    'think-ms': { type: 'string', default: '500' },
    sse: { type: 'string', default: '2000,5000,10000' },
    'rt-answers': { type: 'string', default: '200' },
    'log-level': { type: 'string', default: 'warn' },
    port: { type: 'string', default: '3900' },
    'baseline-port': { type: 'string', default: '3999' },
    reseed: { type: 'boolean', default: false },
    'save-lhr': { type: 'boolean', default: false },
    'form-factors': { type: 'string', default: 'mobile,desktop' },
    'upload-mb': { type: 'string', default: '200' },
    'upload-drivers': { type: 'string', default: 'disk,s3' },
    'review-seconds': { type: 'string', default: '180' },
    'review-parts': { type: 'string', default: REVIEW_PARTS.join(',') },
  },
});

const num = (name: keyof typeof args) => {
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number`);
  return n;
};
const sizes = (args.sizes ?? '')
  .split(',')
  .filter(Boolean)
  .map((s) => parseSize(s))
  .sort((a, b) => SHAPES[a].questions - SHAPES[b].questions);
const skip = new Set((args.skip ?? '').split(',').filter(Boolean));
for (const s of skip) if (!PHASES.includes(s as Phase)) throw new Error(`unknown phase ${s}`);
const runs = (phase: Phase) => !skip.has(phase);
const formFactors = (args['form-factors'] ?? '')
  .split(',')
  .filter(Boolean)
  .map((f) => {
    if (f !== 'mobile' && f !== 'desktop') throw new Error(`unknown form factor ${f}`);
    return f;
  });
const log = (line: string) => console.log(line);

/** A failed phase is reported and the run goes on to the next one. */
async function phase<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    log(`  ${name} failed: ${err instanceof Error ? err.message : String(err)}`);
    report.errors.push({ phase: name, message: err instanceof Error ? err.message : String(err) });
    return undefined;
  }
}

const children = new Set<Child>();
async function start(child: Promise<Child>): Promise<Child> {
  const c = await child;
  children.add(c);
  return c;
}
async function stop(child: Child): Promise<void> {
  await child.stop();
  children.delete(child);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([...children].map((c) => c.stop())).finally(() => process.exit(130));
  });
}

const endpointOptions: RunOptions = {
  connections: num('connections'),
  durationS: num('duration'),
  warmupS: num('warmup'),
  rounds: Math.max(1, num('rounds')),
  latencyConnections: TARGETS.latencyConnections,
  log,
};
const appPort = num('port');
const primary: Size | undefined = sizes[sizes.length - 1];

ensureBuild(log);
snapshotBuild();
for (const size of sizes) {
  if (args.reseed || !(await databaseExists(size))) await seedBench(size, log);
}

const report: Report = {
  startedAt: new Date().toISOString(),
  machine: {},
  loadAverage: { start: os.loadavg() },
  options: { ...args, sizes },
  datasets: {},
  errors: [],
};

for (const size of sizes) {
  const pool = benchPool(size);
  try {
    if (!report.machine.cpus) {
      const { rows } = await pool.query<{ server_version: string }>('SHOW server_version');
      report.machine = machine(rows[0]?.server_version ?? 'unknown');
    }
    log('');
    log(`=== ${size} dataset (bench_${size}) ===`);
    const removed = await removeBenchWrites(pool);
    if (removed > 0) log(`  removed ${removed} questions written by earlier runs`);
    const fixtures = await findFixtures(pool);
    log(
      `  busiest Coach ${fixtures.busiestCoach.userId}: ${fixtures.busiestCoach.questions} questions; ` +
        `Player ${fixtures.player.userId}: ${fixtures.player.questions} questions`,
    );
    if (runs('endpoints')) {
      const hello = await start(startHelloServer(num('baseline-port')));
      const baseline = await runBaseline(hello.url, endpointOptions).finally(() => stop(hello));
      const server = await start(
        startAppServer({
          databaseUrl: databaseUrl(size),
          port: appPort,
          logLevel: args['log-level'] ?? 'warn',
        }),
      );
      try {
        const floor = await runOneQueryFloor(server.url, endpointOptions);
        const reads = runs('reads')
          ? await runReads(server.url, fixtures, {
              ...endpointOptions,
              publicReads: runs('public-reads'),
            })
          : [];
        // The large dataset (or the largest run) is the judged one: ceilings and writes run on it.
        const judged = size === 'large' || size === primary;
        let statements: StatementRates | undefined;
        let pgbench: PgbenchResult | undefined;
        let writes: EndpointResult[] = [];
        if (judged && runs('reads')) {
          log("  PostgreSQL alone, each signed-in read's own statement (pgbench, prepared):");
          statements = await phase('statement ceilings', () =>
            measureStatementCeilings(
              server.url,
              { name: databaseName(size), url: databaseUrl(size) },
              fixtures,
              endpointOptions,
            ),
          );
        }
        if (judged && runs('writes')) {
          // Each write measurement starts after a checkpoint, so none pays for the dirty pages and
          // WAL of what ran before it (a checkpoint during pgbench once cut its rate to a quarter).
          await pool.query('CHECKPOINT');
          // A failed pgbench (the server out of connections, on a shared machine) leaves the
          // writes measured and unjudged rather than ending the run.
          pgbench = await phase('pgbench', () =>
            runPgbench(endpointOptions.connections, endpointOptions.durationS, log),
          );
          await pool.query('CHECKPOINT');
          writes = await runWrites(server.url, pool, size, endpointOptions);
        }
        report.datasets[size] = {
          shape: SHAPES[size],
          fixtures: {
            busiestCoach: fixtures.busiestCoach.userId,
            busiestCoachQuestions: fixtures.busiestCoach.questions,
            player: fixtures.player.userId,
            playerQuestions: fixtures.player.questions,
            questionId: fixtures.questionId,
          },
          baseline,
          endpoints: [floor, ...reads, ...writes],
          ...(pgbench ? { pgbench } : {}),
          ...(statements ? { statements } : {}),
        };
      } finally {
        await stop(server);
      }
    }
    if (size !== primary) continue;
    /** The app on this dataset with a DATA_DIR and configuration of the phase's own. */
    const startAppIn: StartApp = ({ dataDir, env }) =>
      start(
        startAppServer({
          databaseUrl: databaseUrl(size),
          port: appPort,
          logLevel: args['log-level'] ?? 'warn',
          dataDir,
          env,
        }),
      );
    if (runs('upload')) {
      log(`Uploads: a ${num('upload-mb')} MB video through tus…`);
      const drivers = (args['upload-drivers'] ?? '')
        .split(',')
        .filter(Boolean)
        .map((d) => {
          if (d !== 'disk' && d !== 's3') throw new Error(`unknown upload driver ${d}`);
          return d;
        });
      report.upload = await phase('upload', () =>
        measureUploads(startAppIn, stop, fixtures.player.email, {
          sizeMB: num('upload-mb'),
          drivers,
          floorPort: num('baseline-port'),
          log,
        }),
      );
    }
    if (runs('video-review')) {
      log(`Video review studio: drawing, frame steps, a ${num('review-seconds')} s voice-over…`);
      report.videoReview =
        (await phase('video-review', () =>
          measureVideoReview(startAppIn, stop, pool, size, {
            recordSeconds: num('review-seconds'),
            parts: (args['review-parts'] ?? '')
              .split(',')
              .filter((part): part is ReviewPart =>
                (REVIEW_PARTS as readonly string[]).includes(part),
              ),
            traceFile: path.join(
              ROOT,
              'bench/results',
              `video-review-trace-${report.startedAt.replace(/[:.]/g, '-')}.json`,
            ),
            log,
          }),
        )) ?? undefined;
    }
    const startServer = () =>
      start(
        startAppServer({
          databaseUrl: databaseUrl(size),
          port: appPort,
          logLevel: args['log-level'] ?? 'warn',
        }),
      );
    let server = await startServer();
    try {
      report.realtime = {};
      if (runs('realtime')) {
        log('Realtime latency…');
        report.realtime.latency = await phase('realtime', () =>
          measureSseLatency(server.url, pool, size, num('rt-answers')),
        );
      }
      if (runs('lighthouse')) {
        log('Lighthouse…');
        report.lighthouse = await phase('lighthouse', () =>
          runLighthouse(
            [
              { page: 'home', url: `${server.url}/` },
              { page: 'coaches', url: `${server.url}/coaches` },
              {
                page: 'coach profile',
                url: `${server.url}/experts/${fixtures.busiestCoach.coachId}`,
              },
            ],
            log,
            args['save-lhr']
              ? path.join(ROOT, 'bench/results', `lhr-${report.startedAt.replace(/[:.]/g, '-')}`)
              : undefined,
            formFactors,
          ),
        );
      }
      if (runs('inp')) {
        log('INP (a scripted interaction per page, CPU ×4)…');
        report.inp = await phase('inp', () =>
          measureInp(inpPages(server.url, `/experts/${fixtures.busiestCoach.coachId}`), log),
        );
      }
      if (runs('load')) {
        log(`Load: ${num('load-users')} users for ${num('load-duration')} s…`);
        report.load = await phase('load', () =>
          runLoad(server.url, pool, size, {
            users: num('load-users'),
            durationS: num('load-duration'),
            thinkMs: num('think-ms'),
            log,
          }),
        );
      }
      if (runs('sse')) {
        // A fresh process, so the memory figures are not those of a heap grown by the load.
        await stop(server);
        server = await startServer();
        log('Idle SSE connections…');
        const levels = (args.sse ?? '').split(',').filter(Boolean).map(Number);
        const sseServer = server;
        report.realtime.idle = await phase('sse', () => measureIdleSse(sseServer, levels, log));
      }
    } finally {
      await stop(server);
    }
  } finally {
    await pool.end();
  }
}

const small = report.datasets.small;
const large = report.datasets.large;
if (small && large) report.costGrowth = costGrowth(small, large);
report.verdicts = verdicts(report);
report.finishedAt = new Date().toISOString();
report.loadAverage.end = os.loadavg();
printReport(report, log);
const file = writeReport(report, path.join(ROOT, 'bench/results'));
log('');
log(`JSON: ${path.relative(ROOT, file)}`);
