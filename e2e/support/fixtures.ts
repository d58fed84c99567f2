import {
  test as base,
  type Browser,
  type BrowserContextOptions,
  type Page,
  type TestInfo,
  type WorkerFixture,
  type WorkerInfo,
} from '@playwright/test';
import { createUser } from './accounts';
import { ADMINISTRATOR } from './administrator';
import { openPage, preparePage, reportPagesOnFailure } from './browser';
import { dataDirCopy, startServer, type RunningServer } from './server';

export { expect } from '@playwright/test';

/** The server a test file drives: its worker's shared one unless the file starts its own. */
export interface AppServer {
  baseUrl: string;
  logFile: string;
}

/** A confirmed user, signed in on `page` (its own context, on the home page), with a complete profile. */
export interface SignedInUser {
  page: Page;
  name: string;
  email: string;
}

export interface SignedInCoach extends SignedInUser {
  coachId: string;
}

type OpenPage = (context?: BrowserContextOptions, options?: { home?: boolean }) => Promise<Page>;

interface TestFixtures {
  /** A visitor already admitted through the beta gate, on the home page (the `page` fixture too). */
  newPage: OpenPage;
  /** A visitor who has not passed the beta gate. */
  newVisitor: OpenPage;
  /** The name of the `player` (a generated one unless a test sets it with `test.use`). */
  playerName: string | undefined;
  coachName: string | undefined;
  /**
   * Whether the `coach` has set up payouts (default yes): only such a Coach can be asked (ADR 061).
   * A test of the payment set-up itself turns it off.
   */
  coachPayouts: boolean;
  /** A confirmed Player with a complete profile, made through the API rather than the forms. */
  player: SignedInUser;
  /** A confirmed Coach with a complete profile, made through the API rather than the forms. */
  coach: SignedInCoach;
}

interface WorkerFixtures {
  server: AppServer;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: ownServer(async ({ parallelIndex }) => {
    // One server per parallel worker, on a port of its own (E2E_PORT, then 1000 apart), with an
    // administrator, so the flows that reach the portal share it too (ADR 078).
    const dataDir = await dataDirCopy('seeded', 'playbook-e2e-');
    return startServer({
      port: Number(process.env.E2E_PORT ?? 3199) + 1000 * parallelIndex,
      dataDir,
      env: { ADMIN_USERNAME: ADMINISTRATOR.username, ADMIN_PASSWORD: ADMINISTRATOR.password },
    });
  }),
  baseURL: async ({ server }, use) => use(server.baseUrl),
  page: async ({ page, server }, use, testInfo) => {
    await use(await preparePage(page, { baseUrl: server.baseUrl, admitted: true }));
    await reportPagesOnFailure([page], testInfo);
  },
  newPage: async ({ browser, server }, use, testInfo) => {
    await pageOpener(browser, server, true, use, testInfo);
  },
  newVisitor: async ({ browser, server }, use, testInfo) => {
    await pageOpener(browser, server, false, use, testInfo);
  },
  playerName: [undefined, { option: true }],
  coachName: [undefined, { option: true }],
  coachPayouts: [true, { option: true }],
  player: async ({ newPage, playerName, server }, use) => {
    const page = await newPage(undefined, { home: false });
    await use(await signedIn(page, { name: playerName, roles: ['asker'], origin: server.baseUrl }));
  },
  coach: async ({ newPage, coachName, coachPayouts, server }, use) => {
    const user = await signedIn(await newPage(undefined, { home: false }), {
      name: coachName,
      roles: ['expert'],
      payouts: coachPayouts,
      origin: server.baseUrl,
    });
    const { coachId } = (await (await user.page.request.get('/api/account')).json()) as {
      coachId: string;
    };
    await use({ ...user, coachId });
  },
});

/** Creates the user on `page`, not yet open on the site, then opens the home page, signed in. */
async function signedIn(
  page: Page,
  options: Parameters<typeof createUser>[1],
): Promise<SignedInUser> {
  const user = await createUser(page, options);
  await page.goto('/');
  return { page, ...user };
}

/** Hands a test a way to open pages, each in a context of its own, and closes them after it. */
async function pageOpener(
  browser: Browser,
  server: AppServer,
  admitted: boolean,
  use: (open: OpenPage) => Promise<void>,
  testInfo: TestInfo,
) {
  const pages: Page[] = [];
  await use(async (context, options) => {
    const page = await openPage(browser, {
      baseUrl: server.baseUrl,
      admitted,
      context,
      ...options,
    });
    pages.push(page);
    return page;
  });
  await reportPagesOnFailure(pages, testInfo);
  await Promise.all(pages.map((page) => page.context().close()));
}

/**
 * The `server` fixture of a file that needs a server of its own (its own data or settings, on its
 * own fixed port): `start` starts it. Files with different worker fixtures run in different
 * workers, so the server stops once the file's tests are done.
 */
export function ownServer(
  start: (worker: WorkerInfo) => Promise<RunningServer>,
): [WorkerFixture<AppServer, object>, { scope: 'worker'; timeout: number }] {
  return [
    async ({}, use, worker) => {
      const server = await start(worker);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ];
}
