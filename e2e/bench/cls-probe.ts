/**
 * Which elements shift on a cold visit, and by how much: `npx tsx e2e/bench/cls-probe.ts <baseUrl>
 * <key> <path> [width...]`. Every API answer held back 600 ms (DELAY) and the CPU 4x slower (CPU),
 * as the web bench's CLS sweep; MOBILE=1 emulates Lighthouse's phone and LOCAL=1 keeps the key in
 * localStorage as its visitor does. Prints each width's CLS and each shift's score with the moved nodes.
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium';

const [baseUrl, key, path, ...widths] = process.argv.slice(2);
if (!baseUrl || !key || !path) throw new Error('usage: cls-probe.ts <baseUrl> <key> <path> [width...]');

const browser = await chromium.launch(chromiumLaunchOptions());
for (const width of (widths.length > 0 ? widths : ['360', '390', '412', '768', '1024', '1280']).map(Number)) {
  // MOBILE=1: as Lighthouse's phone (device scale 1.75, touch, mobile viewport rules).
  const mobile = process.env.MOBILE === '1';
  const context = await browser.newContext({
    viewport: { width, height: width < 800 ? 823 : 800 },
    ...(mobile ? { deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  await page.addInitScript(
    ([value, local]) => {
      // LOCAL=1: the key in localStorage, as Lighthouse's visitor ("Remember on this device").
      (local ? localStorage : sessionStorage).setItem('slab.apiKey', value);
      const w = window as unknown as { __shifts: string[]; __cls: number };
      w.__shifts = [];
      w.__cls = 0;
      const nameOf = (node: Node | null) => {
        if (!(node instanceof Element)) return String(node?.nodeName);
        const id = node.getAttribute('data-testid') ?? node.id;
        return `${node.tagName.toLowerCase()}${id ? `#${id}` : ''}${node.className ? `.${String(node.className).split(' ')[0]}` : ''}`;
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node: Node | null; previousRect: DOMRect; currentRect: DOMRect }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          w.__cls += entry.value;
          w.__shifts.push(
            `${entry.value.toFixed(4)} at ${entry.startTime.toFixed(0)} ms: ${entry.sources
              .map(
                (s) =>
                  `${nameOf(s.node)} y ${s.previousRect.y.toFixed(0)}->${s.currentRect.y.toFixed(0)} h ${s.previousRect.height.toFixed(0)}->${s.currentRect.height.toFixed(0)}`,
              )
              .join('; ')}`,
          );
        }
      }).observe({ type: 'layout-shift', buffered: true });
    },
    [key, process.env.LOCAL === '1'] as const,
  );
  // DELAY=0: the answers as they come (no route in the way, as Lighthouse's visit).
  const delay = Number(process.env.DELAY ?? 600);
  if (delay > 0) {
    await page.route(/\/v[13]\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      await route.continue();
    });
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU ?? 4) });
  await page.goto(`${baseUrl}${path}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const result = await page.evaluate(() => {
    const w = window as unknown as { __shifts: string[]; __cls: number };
    return { __shifts: w.__shifts, __cls: w.__cls };
  });
  console.log(`${width} px: CLS ${result.__cls.toFixed(4)}`);
  for (const shift of result.__shifts) console.log(`  ${shift}`);
  await context.close();
}
await browser.close();
