import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's global setup bundled the child programs. */
    childrenDir: string;
  }
}

/**
 * The programs some tests run in a process of their own (a server, the CLIs, a second sweeper, a
 * lock holder). Vitest's global setup bundles them once per run, as `npm run build:server` bundles
 * the server, and the tests start `node` on the bundle: through `tsx` every start transpiled and
 * loaded hundreds of files again, 1–2 s of CPU each, over 30 s under the browser lane's load
 * (ADR 080).
 */
const ENTRIES = {
  server: 'server/main.ts',
  migrate: 'scripts/migrate.ts',
  'admin-create': 'scripts/admin-create.ts',
  'admin-reset-2fa': 'scripts/admin-reset-2fa.ts',
  'sweep-worker': 'server/test/sweep-worker.ts',
  'hold-data-dir': 'server/test/hold-data-dir.ts',
} as const;

export type ChildProgram = keyof typeof ENTRIES;

const ROOT = path.resolve(import.meta.dirname, '../..');
/** `node`'s arguments that run `program` with `args`. */
export const childArgs = (program: ChildProgram, ...args: string[]) => [
  '--enable-source-maps',
  path.join(inject('childrenDir'), `${program}.js`),
  ...args,
];

/** Vitest global setup: bundles every program before any test file runs. */
export default async function bundleChildren(project: TestProject) {
  // Two levels below the root, as dist/server is: the bundle finds server/db/migrations as the
  // build does, and the packages in node_modules. One folder per run: runs may overlap.
  await mkdir(path.join(ROOT, '.test-build'), { recursive: true });
  const outdir = await mkdtemp(path.join(ROOT, '.test-build', 'children-'));
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(ENTRIES).map(([name, entry]) => [name, path.join(ROOT, entry)]),
    ),
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    outdir,
    logLevel: 'warning',
  });
  project.provide('childrenDir', outdir);
  return () => rm(outdir, { recursive: true, force: true });
}
