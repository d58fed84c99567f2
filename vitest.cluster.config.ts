import { defineConfig } from 'vitest/config';

/**
 * The cluster proof (ADR 052): HAProxy, three processes of the production build and one PostgreSQL
 * database. Needs `npm run build`, TEST_DATABASE_URL and Debian's haproxy; `npm test` runs it after
 * the build. The default config does not include `cluster/`, so `npx vitest run` never starts it.
 */
export default defineConfig({
  test: {
    include: ['cluster/**/*.test.ts'],
    // One cluster, one file, tests in order: each builds on the state the one before left.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
