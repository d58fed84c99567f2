// `npm run coverage`: line and branch coverage of server/, web/ and contracts/ by the Vitest runs
// `npm test` makes (ADR 078): every file on PostgreSQL when TEST_DATABASE_URL is set and the
// embedded database's files on PGlite, or every file on PGlite. Each run writes V8 coverage as
// Istanbul JSON; the maps are merged, so a line counts as covered when any run reached it.
// `--dir DIR` keeps the merged JSON there, to compare two trees (`--compare OTHER.json`);
// `--pglite-all` runs every file on PGlite too, as `npm test` did before ADR 078.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import libCoverage from 'istanbul-lib-coverage';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    compare: { type: 'string' },
    'pglite-all': { type: 'boolean', default: false },
  },
});
const work = mkdtempSync(path.join(tmpdir(), 'playbook-coverage-'));
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const runs = postgres
  ? [
      ['postgres', '', { TEST_DB: 'postgres' }],
      values['pglite-all']
        ? ['pglite', '', { TEST_DB: 'pglite' }]
        : ['pglite', '--project server', { TEST_DB: 'pglite', PGLITE_SUBSET: '1' }],
    ]
  : [['pglite', '', { TEST_DB: 'pglite' }]];

const merged = libCoverage.createCoverageMap({});
for (const [name, args, env] of runs) {
  const reports = path.join(work, name);
  const command = [
    `npx vitest run ${args} --coverage.enabled --coverage.provider=v8`,
    `--coverage.reporter=json --coverage.reportsDirectory=${reports}`,
    `--coverage.include='server/**' --coverage.include='web/**' --coverage.include='contracts/**'`,
    `--coverage.exclude='**/*.test.*' --coverage.exclude='server/test/**' --coverage.exclude='web/test/**'`,
    `--coverage.exclude='server/db/migrations/**'`,
  ].join(' ');
  console.log(`\n▶ ${name}: ${command}`);
  const { status } = spawnSync(command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (status !== 0) process.exit(status ?? 1);
  merged.merge(JSON.parse(readFileSync(path.join(reports, 'coverage-final.json'), 'utf8')));
}

const totals = (map) => {
  const summary = map.getCoverageSummary();
  return { lines: summary.lines, branches: summary.branches };
};
const percent = ({ covered, total }) =>
  `${((100 * covered) / total).toFixed(2)}% (${covered}/${total})`;
const now = totals(merged);
console.log(`\nLines: ${percent(now.lines)}  Branches: ${percent(now.branches)}`);
if (values.compare) {
  const other = totals(
    libCoverage.createCoverageMap(JSON.parse(readFileSync(values.compare, 'utf8'))),
  );
  console.log(`Compared with ${values.compare}:`);
  console.log(`  lines    ${percent(other.lines)} -> ${percent(now.lines)}`);
  console.log(`  branches ${percent(other.branches)} -> ${percent(now.branches)}`);
}
if (values.dir) {
  mkdirSync(values.dir, { recursive: true });
  writeFileSync(path.join(values.dir, 'coverage-merged.json'), JSON.stringify(merged.toJSON()));
  console.log(`Merged coverage kept in ${path.join(values.dir, 'coverage-merged.json')}`);
}
rmSync(work, { recursive: true, force: true });
