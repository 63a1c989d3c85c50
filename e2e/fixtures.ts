import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { type CreatedKey, createKey, revokeKey } from './support/slab-cli';

/**
 * Fixtures every dashboard spec can reuse (import { test, expect } from './fixtures'):
 * - `apiKey`: a pro key of this worker, made with the keys command when the worker starts (the
 *   workers share one server: a key of its own keeps a test's quota deltas its own);
 * - `keys.create(tier)` / `keys.revoke(id)`: fresh keys via the keys command, for key-state tests;
 * - `api(path, { key })`: read the API directly (Node fetch), to compare the page with its numbers;
 * - `useKey(page, key)`: put a key in sessionStorage before the app starts, as the dialog would;
 * - `apiCalls`: every request the page made to /v1 or /v3, split into metered (with x-api-key) and all;
 * - `checkA11y(page)`: axe-core, failing on serious or critical violations.
 */
export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiCalls {
  all: () => Request[];
  /** Requests that carried x-api-key: the ones that can spend quota. */
  metered: () => Request[];
  reset: () => void;
}

interface WorkerFixtures {
  apiKey: string;
}

interface Fixtures {
  keys: { create: (tier?: 'free' | 'pro' | 'business') => CreatedKey; revoke: (id: string) => void };
  api: <T = unknown>(path: string, options?: { key?: string | null }) => Promise<ApiAnswer<T>>;
  useKey: (page: Page, key: string) => Promise<void>;
  apiCalls: ApiCalls;
  checkA11y: (page: Page, label: string) => Promise<void>;
}

const env = (name: string): string => {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the specs with -c e2e/playwright.config.ts (global setup).`);
  return value;
};

export const KEY_STORAGE_NAME = 'slab.apiKey';

export const test = base.extend<Fixtures, WorkerFixtures>({
  apiKey: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, worker) =>
      use(createKey(env('SLAB_E2E_DB'), 'pro', `e2e worker ${worker.workerIndex}`).key),
    { scope: 'worker' },
  ],

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  keys: async ({}, use) =>
    use({
      create: (tier = 'pro') => createKey(env('SLAB_E2E_DB'), tier, 'e2e spec'),
      revoke: (id) => revokeKey(env('SLAB_E2E_DB'), id),
    }),

  api: async ({ apiKey }, use) =>
    use(async (path, options = {}) => {
      const key = options.key === undefined ? apiKey : options.key;
      const response = await fetch(`${env('SLAB_E2E_BASE_URL')}${path}`, {
        headers: key === null ? {} : { 'x-api-key': key },
      });
      return { status: response.status, body: await response.json(), headers: response.headers };
    }),

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  useKey: async ({}, use) =>
    use(async (page, key) => {
      await page.addInitScript(
        ([name, value]) => {
          if (!sessionStorage.getItem(name)) sessionStorage.setItem(name, value);
        },
        [KEY_STORAGE_NAME, key] as const,
      );
    }),

  apiCalls: async ({ page }, use) => {
    let seen: Request[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/v[13]\//.test(pathname)) seen.push(request);
    });
    await use({
      all: () => [...seen],
      metered: () => seen.filter((request) => request.headers()['x-api-key'] !== undefined),
      reset: () => {
        seen = [];
      },
    });
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  checkA11y: async ({}, use) =>
    use(async (page, label) => {
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const summary = blocking.map(
        (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
      expect(summary, `axe on ${label}`).toEqual([]);
    }),
});

export { expect };

/** The quota meter's value: calls remaining as the page last heard from the API. */
export async function quotaRemaining(page: Page): Promise<number> {
  const meter = page.getByRole('meter', { name: 'Quota' });
  const text = (await meter.getAttribute('aria-valuetext')) ?? '';
  const match = /: ([\d,]+)/.exec(text);
  if (!match?.[1]) throw new Error(`The quota meter shows no count: "${text}"`);
  return Number(match[1].replaceAll(',', ''));
}

/** Waits until the persisted query cache (IndexedDB, idb-keyval) holds an answer of each of these paths. */
export async function waitForPersistedQueries(page: Page, paths: readonly string[]): Promise<string> {
  // Wait for these paths by name, not for a count: the persister writes on a throttle, so a snapshot
  // may already hold /v1/ping while the write that adds /v1/floor is still pending.
  let raw = '';
  await expect
    .poll(async () => {
      raw = await readPersistedCache(page);
      const queries = raw
        ? ((JSON.parse(raw) as { clientState?: { queries?: { queryKey?: unknown[] }[] } }).clientState
            ?.queries ?? [])
        : [];
      const persisted = new Set(
        queries.map((query) => (query.queryKey?.[1] as { path?: string } | undefined)?.path),
      );
      return paths.filter((path) => !persisted.has(path));
    })
    .toEqual([]);
  return raw;
}

/** The persisted cache as stored (a JSON string), read from IndexedDB in the page. */
export function readPersistedCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        let created = false;
        open.onupgradeneeded = () => {
          created = true; // the app has not opened its store yet: leave no empty database behind
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) {
            db.close();
            if (created) indexedDB.deleteDatabase('keyval-store');
            return resolve('');
          }
          const get = db.transaction('keyval').objectStore('keyval').get('slab.query-cache');
          get.onsuccess = () => resolve(typeof get.result === 'string' ? get.result : '');
          get.onerror = () => reject(get.error);
        };
      }),
  );
}
