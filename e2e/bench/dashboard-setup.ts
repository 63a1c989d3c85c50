import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT } from '../support/slab-cli';

/** The production build of the dashboard (vite build into dist/web), as the benches serve it. */
export function buildDashboard(): void {
  const build = spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');
}

/**
 * Writes a collection into the page's IndexedDB as My collection keeps it: idb-keyval's store
 * `items` of the database `slab-collection`, key `collection`. The page must be on the app's origin.
 */
export function writeCollection(page: Page, items: readonly object[]): Promise<void> {
  return page.evaluate(
    (value) =>
      new Promise<void>((done, fail) => {
        const open = indexedDB.open('slab-collection');
        open.onupgradeneeded = () => open.result.createObjectStore('items');
        open.onsuccess = () => {
          const tx = open.result.transaction('items', 'readwrite');
          tx.objectStore('items').put(value, 'collection');
          tx.oncomplete = () => {
            open.result.close();
            done();
          };
          tx.onerror = () => fail(tx.error);
        };
        open.onerror = () => fail(open.error);
      }),
    items,
  );
}
