import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, chromiumLaunchOptions } from '../support/chromium';
import { median } from './median';

/**
 * Lighthouse (pinned in package.json) on pages of the real server, as a first-time visitor who has
 * pressed "Try it now": Chromium with a remote-debugging port (the flags of every browser test), and
 * before each run the origin's storage and the HTTP cache are cleared and only the key is written
 * (localStorage, as "Remember on this device" keeps it; Lighthouse's own storage reset is off, since
 * it would remove the key). Lighthouse's presets: mobile (simulated slow 4G, CPU 4x slower, 412 px)
 * and desktop. Each figure is the median of the runs, taken per metric.
 */
export type Preset = 'mobile' | 'desktop';

export interface LighthouseFigures {
  path: string;
  preset: Preset;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  runs: number;
}

const DEBUG_PORT = Number(process.env.SLAB_BENCH_LIGHTHOUSE_PORT ?? 9333);

export async function withLighthouseBrowser<T>(run: (context: BrowserContext) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), 'slab-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions(),
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUG_PORT}`],
    viewport: null,
  });
  try {
    return await run(context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** A first-time visitor with a key: nothing stored for the origin but the key, nothing cached. */
async function freshVisitorWithKey(context: BrowserContext, baseUrl: string, key: string): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: baseUrl, storageTypes: 'all' });
  // A static file of the origin: no script of the dashboard runs, nothing else gets stored.
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate((value) => localStorage.setItem('slab.apiKey', value), key);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

type RunFigures = Pick<LighthouseFigures, 'score' | 'lcpMs' | 'tbtMs' | 'cls'>;

async function once(
  context: BrowserContext,
  baseUrl: string,
  key: string,
  path: string,
  preset: Preset,
): Promise<RunFigures> {
  await freshVisitorWithKey(context, baseUrl, key);
  const result = await lighthouse(
    `${baseUrl}${path}`,
    {
      port: DEBUG_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${path}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
  // SLAB_BENCH_LIGHTHOUSE_JSON=<dir>: keep each run's report, to read its long tasks and diagnostics.
  const keep = process.env.SLAB_BENCH_LIGHTHOUSE_JSON;
  if (keep) {
    const name = `${new URL(baseUrl).port}-${preset}-${path.replace(/[^a-z0-9]+/gi, '_')}-${Date.now()}.json`;
    writeFileSync(join(keep, name), JSON.stringify(lhr));
    // The trace Lighthouse simulated from (its tasks x 4 are the phone's), for web-trace-like reading.
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace) writeFileSync(join(keep, name.replace(/\.json$/, '.trace')), JSON.stringify(trace));
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

export async function lighthouseFigures(
  context: BrowserContext,
  baseUrl: string,
  key: string,
  path: string,
  preset: Preset,
  runs: number,
): Promise<LighthouseFigures> {
  const results: RunFigures[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await once(context, baseUrl, key, path, preset));
  const mid = (pick: (r: RunFigures) => number) => median(results.map(pick));
  return {
    path,
    preset,
    runs,
    score: mid((r) => r.score),
    lcpMs: mid((r) => r.lcpMs),
    tbtMs: mid((r) => r.tbtMs),
    cls: mid((r) => r.cls),
  };
}

/** The 1-minute load average, rounded: a loaded machine reads slower under the 4x CPU throttle. */
export const loadAverage = (): string => loadavg()[0]?.toFixed(2) ?? '?';
