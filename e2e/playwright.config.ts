import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';

/**
 * Browser tests against the real server on a freshly seeded store (global-setup.ts). One worker
 * (SLAB_E2E_WORKERS for more; each worker has a key of its own, fixtures.ts): the suite keeps two
 * cores busy with one (Chromium's renderer, browser and GPU processes), and two workers measured no
 * faster here. A failed test keeps its trace (DOM snapshots, network, console) but no screencast:
 * recording screenshots for every test cost Chromium's browser and GPU processes 45 % more CPU.
 * `npm run test:e2e` builds first.
 */
const port = Number(process.env.SLAB_E2E_PORT ?? 8797);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: Number(process.env.SLAB_E2E_WORKERS ?? 1),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]]
    : 'list',
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    trace: { mode: 'retain-on-failure', screenshots: false },
    colorScheme: 'light',
    viewport: { width: 1280, height: 800 },
  },
});
