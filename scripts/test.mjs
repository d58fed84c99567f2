// `npm test`: every check, in the order that fails fastest.
// API tests run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set; that run also
// tests the Redis rate-limit store, on REDIS_TEST_URL (a local Redis unless told otherwise). The
// cluster tests, which start the build behind HAProxy, need that PostgreSQL server too.
import { spawnSync } from 'node:child_process';

const started = Date.now();
const minutesSince = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;

// Each phase's time is printed, so a slower suite shows where (ADR 043).
const run = (label, command, env = {}) => {
  console.log(`\n▶ ${label}`);
  const phaseStarted = Date.now();
  const result = spawnSync(command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed after ${minutesSince(phaseStarted)}`);
    process.exit(result.status ?? 1);
  }
  console.log(`\n⏱ ${label}: ${minutesSince(phaseStarted)}`);
};

run('typecheck', 'npx tsc --noEmit -p .');
run('lint', 'npx eslint . && npm run --silent lint:cycles && npx prettier --check .');
run('unit and API tests (PGlite)', 'npx vitest run', { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  run('API tests (PostgreSQL)', 'npx vitest run server', {
    TEST_DB: 'postgres',
    REDIS_TEST_URL: process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379',
  });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: skipping the PostgreSQL run)');
}
run('build', 'npm run build');
run('build checks (bundle budget)', 'npx vitest run --config vitest.e2e.config.ts');
run('end-to-end tests (Chromium)', 'npx playwright test');
// Three processes of the build behind HAProxy on one PostgreSQL database (ADR 052).
if (process.env.TEST_DATABASE_URL) {
  run(
    'cluster tests (HAProxy, three processes)',
    'npx vitest run --config vitest.cluster.config.ts',
  );
} else {
  console.log('\n(TEST_DATABASE_URL is not set: skipping the cluster tests)');
}
console.log(`\n✔ all checks passed in ${minutesSince(started)}`);
