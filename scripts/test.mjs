// `npm test`: every check, in the order that fails fastest (ADR 043, 078).
// The server's tests run once, on PostgreSQL when TEST_DATABASE_URL is set (with the Redis
// rate-limit store on REDIS_TEST_URL, a local Redis unless told otherwise), and the files that prove
// the embedded database again on PGlite; without TEST_DATABASE_URL they all run on PGlite. The
// cluster tests, which start the build behind HAProxy, need that PostgreSQL server too.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const started = Date.now();
const minutesSince = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;
const reports = mkdtempSync(path.join(tmpdir(), 'playbook-test-reports-'));
const phases = [];

/** Runs `command`; its output goes straight through, or is kept and printed whole when `quiet`. */
function start(command, env = {}, quiet = false) {
  const child = spawn(command, {
    shell: true,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

function finish(label, phaseStarted, code) {
  if (code !== 0) {
    console.error(`\n✖ ${label} failed after ${minutesSince(phaseStarted)}`);
    rmSync(reports, { recursive: true, force: true });
    process.exit(code ?? 1);
  }
  phases.push([label, minutesSince(phaseStarted)]);
  console.log(`\n⏱ ${label}: ${minutesSince(phaseStarted)}`);
}

/** Each phase's time is printed, so a slower suite shows where. */
async function run(label, command, env = {}) {
  console.log(`\n▶ ${label}`);
  const phaseStarted = Date.now();
  const { code } = await start(command, env);
  finish(label, phaseStarted, code);
}

/** Checks that do not wait for each other, side by side; each one's output is printed whole. */
async function runTogether(label, commands) {
  console.log(`\n▶ ${label}`);
  const phaseStarted = Date.now();
  const results = await Promise.all(commands.map((command) => start(command, {}, true)));
  for (const [index, { code, output }] of results.entries()) {
    if (output.trim() || code !== 0) console.log(`$ ${commands[index]}\n${output}`);
  }
  finish(label, phaseStarted, results.find(({ code }) => code !== 0)?.code ?? 0);
}

/** Vitest with its usual output, and a JSON report kept for the slowest-files list. */
const vitest = (name, args = '') =>
  `npx vitest run ${args} --reporter=default --reporter=json --outputFile.json=${path.join(reports, `${name}.vitest.json`)}`;

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const redis = { REDIS_TEST_URL: process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379' };

await runTogether('typecheck and lint', [
  'npx tsc --noEmit -p .',
  'npx eslint . && npm run --silent lint:cycles && npx prettier --check . --log-level warn',
]);
if (postgres) {
  await run('unit and API tests (PostgreSQL)', vitest('postgres'), {
    TEST_DB: 'postgres',
    ...redis,
  });
  await run('API tests of the embedded database (PGlite)', vitest('pglite', '--project server'), {
    TEST_DB: 'pglite',
    PGLITE_SUBSET: '1',
  });
} else {
  console.log(
    '\n(TEST_DATABASE_URL is not set: every API test runs on PGlite, none on PostgreSQL)',
  );
  await run('unit and API tests (PGlite)', vitest('pglite'), { TEST_DB: 'pglite' });
}
await run('build', 'npm run build');
await run('build checks (bundle budget)', 'npx vitest run --config vitest.e2e.config.ts');
await run('end-to-end tests (Chromium)', 'npx playwright test', {
  PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json'),
});
// Three processes of the build behind HAProxy on one PostgreSQL database (ADR 052).
if (postgres) {
  await run(
    'cluster tests (HAProxy, three processes)',
    vitest('cluster', '--config vitest.cluster.config.ts'),
  );
} else {
  console.log('\n(TEST_DATABASE_URL is not set: skipping the cluster tests)');
}

console.log('\nPhases:');
for (const [label, time] of phases) console.log(`  ${time.padStart(8)}  ${label}`);
printSlowestFiles();
rmSync(reports, { recursive: true, force: true });
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
      files.push([
        file.endTime - file.startTime,
        `${path.relative(process.cwd(), file.name)} (${run})`,
      ]);
    }
  }
  const playwright = read('playwright.json');
  const walk = (suite) => {
    let ms = 0;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) for (const result of test.results) ms += result.duration;
    for (const child of suite.suites ?? []) ms += walk(child);
    return ms;
  };
  for (const suite of playwright?.suites ?? [])
    files.push([walk(suite), `e2e/${suite.file} (Chromium)`]);
  files.sort((a, b) => b[0] - a[0]);
  console.log('\nThe 10 slowest test files (time in their runner, summed over their tests):');
  for (const [ms, name] of files.slice(0, 10))
    console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
}
