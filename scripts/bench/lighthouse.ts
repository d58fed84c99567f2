/**
 * Lighthouse (performance category, its default mobile profile with simulated throttling) on pages of
 * the production build, in the system Chromium: nothing downloads a browser.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { BETA_COOKIE_PAIR } from './http';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium';

export interface LighthouseResult {
  page: string;
  /** Lighthouse's default mobile profile (slow 4G, 4× CPU slowdown, simulated) or its desktop preset. */
  formFactor: 'mobile' | 'desktop';
  url: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

const ATTEMPTS = 3;
/** Runs per page and form factor; the median is reported. */
const RUNS_PER_PAGE = 3;

/** One Lighthouse run; a failed page load or trace (it happens on a busy machine) is retried. */
async function audit(url: string, port: number, formFactor: 'mobile' | 'desktop') {
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const run = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Past the beta gate, as an admitted visitor.
        extraHeaders: { Cookie: BETA_COOKIE_PAIR },
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (run && !run.lhr.runtimeError) return run.lhr;
    lastError = run?.lhr.runtimeError?.message ?? 'no result';
  }
  throw new Error(`Lighthouse on ${url} (${formFactor}): ${lastError}`);
}

/**
 * Runs each page three times per form factor (both unless `formFactors` narrows them). With `lhrDir`, every run's full report (LHR JSON) is
 * written there, so the audits behind a score (LCP breakdown, render-blocking resources, main-thread
 * work…) can be read afterwards.
 */
export async function runLighthouse(
  pages: { page: string; url: string }[],
  log: (line: string) => void,
  lhrDir?: string,
  formFactors: readonly ('mobile' | 'desktop')[] = ['mobile', 'desktop'],
): Promise<LighthouseResult[]> {
  if (lhrDir) mkdirSync(lhrDir, { recursive: true });
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
    );
  }
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'error',
  });
  const results: LighthouseResult[] = [];
  try {
    for (const { page, url } of pages) {
      for (const formFactor of formFactors) {
        // Lighthouse varies from run to run; the run with the median score is reported (issue 12).
        const runs: LighthouseResult[] = [];
        for (let run = 0; run < RUNS_PER_PAGE; run++) {
          const lhr = await audit(url, chrome.port, formFactor);
          if (lhrDir) {
            const file = `${page.replace(/\W+/g, '-')}-${formFactor}-${run + 1}.json`;
            writeFileSync(path.join(lhrDir, file), JSON.stringify(lhr));
          }
          const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
          runs.push({
            page,
            formFactor,
            url,
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            fcpMs: metric('first-contentful-paint'),
            lcpMs: metric('largest-contentful-paint'),
            tbtMs: metric('total-blocking-time'),
            cls: metric('cumulative-layout-shift'),
            speedIndexMs: metric('speed-index'),
          });
        }
        const result = runs.sort((a, b) => a.score - b.score || a.lcpMs - b.lcpMs)[
          Math.floor(RUNS_PER_PAGE / 2)
        ]!;
        log(
          `  ${page.padEnd(14)} ${formFactor.padEnd(8)} performance ${result.score}  FCP ${result.fcpMs.toFixed(0)} ms  ` +
            `LCP ${result.lcpMs.toFixed(0)} ms  TBT ${result.tbtMs.toFixed(0)} ms  CLS ${result.cls.toFixed(3)}` +
            `  (median of ${runs.map((r) => r.score).join(', ')})`,
        );
        results.push(result);
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}
