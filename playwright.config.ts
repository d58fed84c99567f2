import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './scripts/lib/chromium';

/**
 * Browser tests (ADR 031): Playwright Test driving Debian's Chromium (nothing downloads a browser)
 * against the production build, which `npm run build` makes first. Test files run in two workers
 * (ADR 043), each with its own shared server on its own port and copy of the seeded data; a
 * file's tests run in order. The files with a server of their own each use a different fixed port.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // The longest flows (two people, a dozen pages) take 35 s on a quiet machine and over 60 s when
  // the two workers share two busy cores; a timeout is for a test that hangs, not a slow one.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // `npm test` asks for a JSON report too, to list the slowest files (PLAYWRIGHT_JSON_OUTPUT_NAME).
  reporter: [
    ['list'],
    ['html', { open: 'never' }],
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : []),
  ],
  use: {
    // Locally a failure keeps its trace: each action's DOM snapshot, without the screencast, whose
    // frames cost the browser a quarter of its CPU in every passing test too. CI records none: the
    // snapshots cost a further tenth, and a CI failure is read from its error and screenshot, then
    // run again here with its trace (ADR 080).
    trace: process.env.CI
      ? 'off'
      : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
});
