import { availableParallelism } from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { PGLITE_ONLY, PGLITE_SUBSET } from './server/test/pglite-subset.ts';
import { OWN_MODULE_GRAPH } from './web/test/own-module-graph.ts';

const root = import.meta.dirname;
const serverTests = ['server/**/*.test.ts'];

/**
 * Three projects (ADR 078). `server`: the API tests, which share one module graph per worker
 * (`isolate: false`): each file imported the whole server again, and that import was most of the
 * run's time; every file still opens its own database and app. `unit`: the contracts', web's and
 * scripts' tests, isolated as before (they are few and quick, and some read module state).
 * `component`: the web app rendered in happy-dom (Testing Library), sharing one module graph per
 * worker but for the few files listed in web/test/own-module-graph.ts.
 * `TEST_DB=pglite` with `PGLITE_SUBSET=1` narrows the server project to the files that prove the
 * embedded database (server/test/pglite-subset.ts); the whole server project runs on PostgreSQL.
 */
export default defineConfig({
  resolve: {
    alias: { '@': path.join(root, 'web'), '@contracts': path.join(root, 'contracts') },
  },
  test: {
    // Vitest's default, one worker fewer than the cores, is one worker on a 2-core machine: the
    // main process is mostly idle, so the other core was too (ADR 043).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: process.env.PGLITE_SUBSET ? [...PGLITE_SUBSET] : serverTests,
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DB === 'postgres' ? PGLITE_ONLY : []),
          ],
          // Migrates one template database that every test file's database is copied from (ADR 043).
          globalSetup: ['server/test/template-database.ts', 'server/test/children.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['contracts/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The app's routes and pages rendered by React in happy-dom against a fake API
          // (web/test/render-app.tsx): the UI's own states and decisions without a browser. The
          // files share one module graph per worker, as the server's do: importing React, the
          // app and Testing Library again for every file was over half the project's CPU time.
          name: 'component',
          include: ['web/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...OWN_MODULE_GRAPH],
          environment: 'happy-dom',
          setupFiles: ['web/test/setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The component files that need modules of their own (web/test/own-module-graph.ts).
          name: 'component (own modules)',
          include: [...OWN_MODULE_GRAPH],
          environment: 'happy-dom',
          setupFiles: ['web/test/setup.ts'],
        },
      },
    ],
  },
});
