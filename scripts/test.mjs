// `npm test`: every check (ADR 043, 078). First the typecheck, lint and the build side by side; then
// two lanes side by side: the server's tests (Vitest), and the browser's (the bundle budget, then
// Playwright against the build). The server's tests run once, on PostgreSQL when TEST_DATABASE_URL
// is set (with the Redis rate-limit store on REDIS_TEST_URL, a local Redis unless told otherwise),
// then the files that prove the embedded database again on PGlite, then the cluster tests (the
// build behind HAProxy on that PostgreSQL); without TEST_DATABASE_URL every file runs on PGlite.
// Most of each lane's time is spent waiting (on PostgreSQL, on pages, on timers), so two lanes fill
// two cores that one left half idle. A failure stops everything and prints what failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const started = Date.now();
const minutesSince = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;
// TEST_REPORTS_DIR keeps the runners' JSON reports (per-file and per-test times) after the run.
const kept = process.env.TEST_REPORTS_DIR;
const reports = kept ?? mkdtempSync(path.join(tmpdir(), 'playbook-test-reports-'));
const phases = [];
const running = new Set();

/**
 * Runs `command` in its own process group (so a failure elsewhere can stop it and its children);
 * its output goes straight through when `live`, else it is kept and printed whole at the end.
 */
function start(command, { env = {}, live = false } = {}) {
  const child = spawn(command, {
    shell: true,
    detached: true,
    stdio: live ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      running.delete(child);
      resolve({ code, output });
    }),
  );
}

function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

function fail(label, phaseStarted, code, output = '') {
  if (output) console.log(output);
  console.error(`\n✖ ${label} failed after ${minutesSince(phaseStarted)}`);
  stopAll();
  if (!kept) rmSync(reports, { recursive: true, force: true });
  process.exit(code || 1);
}

/** One phase: its time is printed, so a slower suite shows where. */
async function phase(label, command, { env = {}, live = false } = {}) {
  console.log(`\n▶ ${label}${live ? '' : ' (its output follows when it ends)'}`);
  const phaseStarted = Date.now();
  const { code, output } = await start(command, { env, live });
  if (code !== 0) fail(label, phaseStarted, code, output);
  if (!live) console.log(`\n── ${label} ──\n${output}`);
  phases.push([label, minutesSince(phaseStarted)]);
  console.log(`\n⏱ ${label}: ${minutesSince(phaseStarted)}`);
}

/** Vitest with its usual output, and a JSON report kept for the slowest-files list. */
const vitest = (name, args = '') =>
  `npx vitest run ${args} --reporter=default --reporter=json --outputFile.json=${path.join(reports, `${name}.vitest.json`)}`;

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const redis = { REDIS_TEST_URL: process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379' };

await Promise.all([
  phase('typecheck', 'npx tsc --noEmit -p .'),
  phase(
    'lint (ESLint, module cycles, Prettier)',
    'npx eslint . && npm run --silent lint:cycles && npx prettier --check . --log-level warn',
  ),
  phase('build', 'npm run build'),
]);

async function serverLane() {
  if (!postgres) {
    console.log(
      '\n(TEST_DATABASE_URL is not set: every API test runs on PGlite; no cluster tests)',
    );
    await phase('unit and API tests (PGlite)', vitest('pglite'), { env: { TEST_DB: 'pglite' } });
    return;
  }
  await phase('unit and API tests (PostgreSQL)', vitest('postgres'), {
    env: { TEST_DB: 'postgres', ...redis },
  });
  // Side by side: the cluster tests mostly wait (a 15 s outage, restarts), the PGlite files compute.
  await Promise.all([
    phase('API tests of the embedded database (PGlite)', vitest('pglite', '--project server'), {
      env: { TEST_DB: 'pglite', PGLITE_SUBSET: '1' },
    }),
    // Three processes of the build behind HAProxy on one PostgreSQL database (ADR 052).
    phase(
      'cluster tests (HAProxy, three processes)',
      vitest('cluster', '--config vitest.cluster.config.ts'),
    ),
  ]);
}

async function browserLane() {
  await phase('build checks (bundle budget)', 'npx vitest run --config vitest.e2e.config.ts');
  await phase('end-to-end tests (Chromium)', 'npx playwright test', {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json') },
    live: true,
  });
}

await Promise.all([serverLane(), browserLane()]);

console.log(
  '\nPhases (the first three side by side, then the two lanes side by side; in the server lane,\n' +
    'PGlite and the cluster side by side after PostgreSQL):',
);
for (const [label, time] of phases) console.log(`  ${time.padStart(8)}  ${label}`);
printSlowestFiles();
if (!kept) rmSync(reports, { recursive: true, force: true });
console.log(`\n✔ all checks passed in ${minutesSince(started)}`);

/** The ten slowest test files of every runner, so the next slowdown shows where it came from. */
function printSlowestFiles() {
  const files = [];
  const read = (name) => {
    try {
      return JSON.parse(readFileSync(path.join(reports, name), 'utf8'));
    } catch {
      return undefined;
    }
  };
  for (const run of ['postgres', 'pglite', 'cluster']) {
    for (const file of read(`${run}.vitest.json`)?.testResults ?? []) {
      const name = path.relative(process.cwd(), file.name);
      files.push([file.endTime - file.startTime, `${name} (${run})`]);
    }
  }
  const walk = (suite) => {
    let ms = 0;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) for (const result of test.results) ms += result.duration;
    for (const child of suite.suites ?? []) ms += walk(child);
    return ms;
  };
  for (const suite of read('playwright.json')?.suites ?? []) {
    files.push([walk(suite), `e2e/${suite.file} (Chromium)`]);
  }
  files.sort((a, b) => b[0] - a[0]);
  console.log('\nThe 10 slowest test files (time in their runner, summed over their tests):');
  for (const [ms, name] of files.slice(0, 10)) {
    console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
  }
}
