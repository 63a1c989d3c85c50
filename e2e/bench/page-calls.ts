import type { Page } from '@playwright/test';

/** Counts the page's API requests (/v1, /v3) from now on: all, and metered (sent with the key). */
export function trackCalls(page: Page) {
  let all = 0;
  let metered = 0;
  page.on('request', (request) => {
    if (!/^\/v[13]\//.test(new URL(request.url()).pathname)) return;
    all += 1;
    if (request.headers()['x-api-key']) metered += 1;
  });
  return {
    snapshot: () => ({ all, metered }),
    reset: () => {
      all = 0;
      metered = 0;
    },
  };
}

/** Until the persisted query cache (IndexedDB) holds an answer of `path`, so a reload can use it. */
export async function waitForPersistedQuery(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve(false);
          const get = db.transaction('keyval').objectStore('keyval').get('slab.query-cache');
          get.onsuccess = () => resolve(typeof get.result === 'string' && get.result.includes(wanted));
          get.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
    path,
    { polling: 100, timeout: 15_000 },
  );
}
