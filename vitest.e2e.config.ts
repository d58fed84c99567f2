import { defineConfig } from 'vitest/config';

/**
 * The build's checks that need no browser (the home route's bundle budget): they read `dist/`, so
 * they run after `npm run build`. The browser tests (`e2e/*.spec.ts`) run under Playwright Test.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
  },
});
