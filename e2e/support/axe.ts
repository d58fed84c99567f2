import { createRequire } from 'node:module';
import type { BrowserContextOptions, Page } from '@playwright/test';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * A page `width` px wide for axe: axe is injected as a script, which the app's CSP rightly refuses,
 * so this context bypasses it.
 */
export const pageForAxe = (
  newPage: (context: BrowserContextOptions) => Promise<Page>,
  width: number,
): Promise<Page> => newPage({ viewport: { width, height: 900 }, bypassCSP: true });

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical findings on the page as it is now (inject needs bypassCSP). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
