/**
 * Interaction to Next Paint (issue 26): one scripted interaction on each page, in the system
 * Chromium at a phone's width with the CPU slowed 4× (CDP), measured in the page by a
 * PerformanceObserver on event timing entries, as web-vitals' onINP does. With one interaction
 * per page, INP is that interaction's longest event (input delay + processing + presentation).
 */
import { chromium, type Page } from '@playwright/test';
import { BETA_COOKIE_PAIR } from './http';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium';

export interface InpResult {
  page: string;
  interaction: string;
  /** The median of the runs, in ms; Chromium reports event durations rounded to 8 ms. */
  inpMs: number;
  runsMs: number[];
}

const RUNS_PER_PAGE = 3;
const CPU_SLOWDOWN = 4;
/** Event timing's smallest threshold: an interaction faster than this counts as this. */
const THRESHOLD_MS = 16;

export interface InpPage {
  page: string;
  url: string;
  interaction: string;
  act: (page: Page) => Promise<void>;
}

/** The interactions the bench times: the header's Menu, a search typed, the ask form opened. */
export const inpPages = (baseUrl: string, coachPath: string): InpPage[] => [
  {
    page: 'home',
    url: `${baseUrl}/`,
    interaction: 'open the header Menu',
    act: (page) => page.getByRole('button', { name: /Menu/ }).click(),
  },
  {
    page: 'coaches',
    url: `${baseUrl}/coaches`,
    interaction: 'type a search',
    act: async (page) => {
      await page.getByLabel('Search Coaches').click();
      await page.keyboard.type('shooting', { delay: 60 });
    },
  },
  {
    page: 'coach profile',
    url: `${baseUrl}${coachPath}`,
    interaction: 'open the ask form',
    act: (page) => page.getByRole('link', { name: 'Ask a Question' }).click(),
  },
];

/** Installed before the page's own scripts: keeps the longest duration of each interaction. */
function observeInteractions() {
  const longest = new Map<number, number>();
  (window as unknown as { __inp: () => number }).__inp = () => Math.max(0, ...longest.values());
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (!entry.interactionId) continue;
      longest.set(
        entry.interactionId,
        Math.max(longest.get(entry.interactionId) ?? 0, entry.duration),
      );
    }
    // The smallest threshold event timing allows.
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

export async function measureInp(
  pages: InpPage[],
  log: (line: string) => void,
): Promise<InpResult[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const results: InpResult[] = [];
  try {
    for (const target of pages) {
      const runsMs: number[] = [];
      for (let run = 0; run < RUNS_PER_PAGE; run++) {
        // Lighthouse's mobile screen, past the beta gate as an admitted visitor.
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          isMobile: true,
          hasTouch: true,
          extraHTTPHeaders: { cookie: BETA_COOKIE_PAIR },
        });
        const page = await context.newPage();
        await page.addInitScript(observeInteractions);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.goto(target.url);
        // A person acts once the page is interactive (the app marks it, ADR 026).
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
        await target.act(page);
        // Let the interaction's next paint be reported.
        await page.waitForTimeout(1_000);
        const longest = await page.evaluate(() =>
          (window as unknown as { __inp: () => number }).__inp(),
        );
        runsMs.push(Math.max(longest, THRESHOLD_MS));
        await context.close();
      }
      const inpMs = [...runsMs].sort((a, b) => a - b)[Math.floor(RUNS_PER_PAGE / 2)]!;
      log(
        `  ${target.page.padEnd(14)} INP ${inpMs} ms at CPU ×${CPU_SLOWDOWN} (${target.interaction}; runs ${runsMs.join(', ')})`,
      );
      results.push({ page: target.page, interaction: target.interaction, inpMs, runsMs });
    }
  } finally {
    await browser.close();
  }
  return results;
}
