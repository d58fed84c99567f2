import { expect, test, type Locator, type Page } from '@playwright/test';

export const PHONE = { width: 390, height: 844 } as const;

/**
 * A long flow runs at one width (ADR 078); its key screens are checked at a phone's 390 px on the
 * way: `shown` is still on screen there, the page does not scroll sideways, and a full-page
 * screenshot named `name` is kept in the test's output to look at. The page's size is restored.
 */
export async function checkOnPhone(page: Page, name: string, shown: Locator[]): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  try {
    for (const locator of shown) await expect(locator).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} scrolls sideways at ${PHONE.width} px`).toBe(0);
    await page.screenshot({
      path: test.info().outputPath(`${name}-${PHONE.width}.png`),
      fullPage: true,
    });
  } finally {
    if (size) await page.setViewportSize(size);
  }
}
