import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DATA_PAGE_WIDTHS, DATA_PAGES } from './support/data-pages';

/**
 * Every data page keeps its layout while its answers arrive: the cumulative layout shift measured in
 * the page (a layout-shift PerformanceObserver from before the app starts, shifts right after input
 * excluded as the metric does) stays at 0.05 or less at desktop and phone widths. Each page is
 * loaded cold (nothing cached), so the skeletons are what the data replaces.
 */
type Shift = { value: number; at: number; sources: string[] };

const API_DELAY_MS = 600;

async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: Shift[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map((source) => {
            const node = source.node as Element | null | undefined;
            return node ? `${node.nodeName.toLowerCase()}.${String(node.className ?? '')}` : '?';
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test.beforeEach(async ({ page, apiKey, useKey }) => {
  await useKey(page, apiKey);
  await recordShifts(page);
  // A slow network, as Lighthouse throttles it: the page paints its placeholders first, then the
  // answers replace them (on loopback they would often arrive before the first paint).
  await page.route(/\/v[13]\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await route.continue();
  });
});

for (const size of DATA_PAGE_WIDTHS) {
  for (const { path, ready } of DATA_PAGES) {
    test(`${path} at ${size.width} px shifts by 0.05 or less as its data arrives`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto(path);
      await expect(ready(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(cls, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.05);
    });
  }
}
