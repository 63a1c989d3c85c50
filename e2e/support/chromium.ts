import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * How every browser test and the web bench launch Chromium: Debian's /usr/bin/chromium when it
 * exists (Playwright cannot download its own here), else Playwright's own; headless and quiet, with
 * no background network so request counts are exact.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumLaunchOptions(): LaunchOptions {
  const system = '/usr/bin/chromium';
  return {
    args: CHROMIUM_ARGS,
    ...(existsSync(system) ? { executablePath: system } : {}),
  };
}
