import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { isApiError } from './api-error';
import { CACHE_MAX_AGE_MS } from './stale-time';

/**
 * React-query defaults for a metered API (every successful call spends quota):
 * - never retry a 4xx or a contract violation (asking again gives the same answer and may cost a
 *   call); retry a network failure twice and a 5xx once (they spend nothing);
 * - no refetch on window focus or reconnect: the data is daily, focus is not a reason to pay;
 * - staleTime is set per query in queries.ts (until the next UTC day for market data);
 * - the cache is persisted to IndexedDB (idb-keyval) so a reload within the stale time costs no
 *   call. Query keys and data hold no API key; queries marked `meta.persist === false` (the demo
 *   key) are never written.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const { problem } = error;
  if (problem.kind === 'network') return failureCount < 2;
  if (problem.kind === 'http' && problem.status >= 500) return failureCount < 1;
  return false;
}

/**
 * React-query hears of the connection from the online/offline events, but only once a query client
 * is mounted: the app starts in steps (main.tsx), and a tab that went offline in between fetched and
 * said "cannot be reached" instead of "offline". main.tsx calls this as soon as react-query is
 * loaded, before the app: the events are heard before any request, and a browser that already says
 * offline is believed.
 */
export function followConnection(): void {
  if (globalThis.navigator?.onLine === false) onlineManager.setOnline(false);
  globalThis.addEventListener?.('offline', () => onlineManager.setOnline(false));
  globalThis.addEventListener?.('online', () => onlineManager.setOnline(true));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        gcTime: CACHE_MAX_AGE_MS,
      },
    },
  });
}

/** Bump when the shape of cached data changes, so old caches are dropped instead of misread. */
export const CACHE_BUSTER = 'slab-web-1';
const IDB_KEY = 'slab.query-cache';

/** Structural, because the persister package pins its own copy of query-core. */
interface PersistableQuery {
  state: { status: string };
  queryKey: readonly unknown[];
  meta?: Record<string, unknown> | undefined;
}

export const shouldPersistQuery = (query: PersistableQuery): boolean =>
  query.state.status === 'success' && query.queryKey[0] === 'slab' && query.meta?.persist !== false;

export function createPersistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  const persister = createAsyncStoragePersister({
    storage: {
      getItem: (key) => get<string>(key),
      setItem: (key, value) => set(key, value),
      removeItem: del,
    },
    key: IDB_KEY,
    throttleTime: 200,
  });
  return {
    persister,
    maxAge: CACHE_MAX_AGE_MS,
    buster: CACHE_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  };
}

/**
 * The longest the first render waits for IndexedDB: a storage that never answers must not keep the
 * page blank. A restore that ends later still fills the cache (never over newer answers) and saves.
 */
export const RESTORE_WAIT_MS = 1000;

/**
 * The dashboard's query client, restored from IndexedDB and from then on saved there on every change
 * of the cache. main.tsx starts it as soon as react-query is loaded, so the read overlaps loading the
 * app, and renders once `restored` settles: the first render starts from the restored answers (a
 * reload within the stale time costs no call), and no second render of the whole app follows (with
 * PersistQueryClientProvider the end of the restore was an urgent update, which React renders in one
 * task: 25-45 ms of main thread here, x4 on Lighthouse's phone, after the first paint). A cache that
 * cannot be read is dropped by the restore, and the app starts without it.
 */
export function startQueryClient(): { queryClient: QueryClient; restored: Promise<void> } {
  const queryClient = createQueryClient();
  const options = { ...createPersistOptions(), queryClient };
  const done = persistQueryClientRestore(options)
    .catch(() => undefined)
    .then(() => {
      persistQueryClientSubscribe(options);
    });
  const waited = new Promise<void>((resolve) => setTimeout(resolve, RESTORE_WAIT_MS));
  return { queryClient, restored: Promise.race([done, waited]) };
}
