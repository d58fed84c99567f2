// `npm run test:e2e:repeat -- --runs 5 --hogs 2`: the browser suite, run again and again, with CPU
// hogs beside it, to find a test that depends on timing (ADR 078). Builds once, runs the suite
// `--runs` times in a row (the first `--loaded` runs, all by default, with `--hogs` busy loops
// running beside it: each keeps one core busy, as `stress --cpu` does), then lists every failure
// of every run and exits 1 if there was any. Extra arguments after `--` go to Playwright.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    hogs: { type: 'string', default: '2' },
    loaded: { type: 'string' },
  },
  allowPositionals: true,
});
const runs = Number(values.runs);
const hogs = Number(values.hogs);
const loaded = values.loaded === undefined ? runs : Number(values.loaded);
const reports = mkdtempSync(path.join(tmpdir(), 'playbook-e2e-repeat-'));

if (spawnSync('npm run build', { shell: true, stdio: 'inherit' }).status !== 0) process.exit(1);

/** A process that keeps one core busy until it is killed. */
const hog = () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });

/** Every failed test of a Playwright JSON report, as "file:line title: status". */
function failures(report) {
  const failed = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const last = test.results.at(-1);
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = last?.error?.message?.split('\n')[0] ?? '';
          failed.push(`${spec.file}:${spec.line} ${spec.title}: ${last?.status} ${error}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const error of report.errors ?? []) failed.push(`run error: ${error.message}`);
  return failed;
}

const summary = [];
for (let run = 1; run <= runs; run++) {
  const withHogs = run <= loaded ? hogs : 0;
  const busy = Array.from({ length: withHogs }, hog);
  const report = path.join(reports, `run-${run}.json`);
  const started = Date.now();
  console.log(`\n▶ run ${run} of ${runs}, with ${withHogs} CPU hog(s)`);
  // Each run its own output folder: Playwright empties it at start, and a failure's screenshot and
  // trace must outlive the runs after it.
  const output = path.join('test-results', `repeat-run-${run}`);
  const command = `npx playwright test --reporter=dot,json --output ${output} ${positionals.join(' ')}`;
  const { status } = spawnSync(command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  for (const busyLoop of busy) busyLoop.kill();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  let failed;
  try {
    failed = failures(JSON.parse(readFileSync(report, 'utf8')));
  } catch {
    failed = [`the run ended with status ${status} and left no report`];
  }
  if (status !== 0 && failed.length === 0) failed.push(`playwright exited with ${status}`);
  summary.push({ run, withHogs, minutes, failed });
}
rmSync(reports, { recursive: true, force: true });

console.log('\nRuns:');
for (const { run, withHogs, minutes, failed } of summary) {
  console.log(`  run ${run} (${withHogs} hogs): ${minutes} min, ${failed.length} failure(s)`);
  for (const failure of failed) console.log(`    ✖ ${failure}`);
  if (failed.length > 0) console.log(`    (screenshots: test-results/repeat-run-${run}/)`);
}
process.exit(summary.some(({ failed }) => failed.length > 0) ? 1 : 0);
