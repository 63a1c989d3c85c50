import { dehydrate, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// IndexedDB as idb-keyval sees it, in memory (the test DOM has none); `failing` makes every read throw,
// `hanging` makes it never answer.
const stored = new Map<string, unknown>();
let failing = false;
let hanging = false;
vi.mock('idb-keyval', () => ({
  get: vi.fn(async (key: string) => {
    if (hanging) return new Promise(() => undefined);
    if (failing) throw new Error('storage blocked');
    return stored.get(key);
  }),
  set: vi.fn(async (key: string, value: unknown) => {
    stored.set(key, value);
  }),
  del: vi.fn(async (key: string) => {
    stored.delete(key);
  }),
}));

const { CACHE_BUSTER, RESTORE_WAIT_MS, startQueryClient } = await import('./query-client');

const IDB_KEY = 'slab.query-cache';
const floorKey = ['slab', { baseUrl: '', path: '/v1/floor', params: {} }];
const floor = { meta: { tier: 'pro' }, data: { as_of: '2026-11-15', categories: [] } };

/** A cache as the persister writes it, holding one answer. */
function savedCache(buster: string): string {
  const client = new QueryClient();
  client.setQueryData(floorKey, floor);
  return JSON.stringify({ buster, timestamp: Date.now(), clientState: dehydrate(client) });
}

beforeEach(() => {
  stored.clear();
  failing = false;
  hanging = false;
});

describe('startQueryClient: the cache read back before the first render', () => {
  it('holds the saved answers once `restored` settles, before anything renders', async () => {
    stored.set(IDB_KEY, savedCache(CACHE_BUSTER));
    const { queryClient, restored } = startQueryClient();
    expect(queryClient.getQueryData(floorKey)).toBeUndefined();
    await restored;
    expect(queryClient.getQueryData(floorKey)).toEqual(floor);
  });

  it('drops a cache of an older shape and starts empty', async () => {
    stored.set(IDB_KEY, savedCache('slab-web-0'));
    const { queryClient, restored } = startQueryClient();
    await restored;
    expect(queryClient.getQueryData(floorKey)).toBeUndefined();
    expect(stored.has(IDB_KEY)).toBe(false);
  });

  it('starts empty when the storage cannot be read, and saves what comes next', async () => {
    failing = true;
    const { queryClient, restored } = startQueryClient();
    await expect(restored).resolves.toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    queryClient.setQueryData(floorKey, floor);
    await vi.waitFor(() => expect(String(stored.get(IDB_KEY))).toContain('/v1/floor'));
  });

  it('lets the app render after RESTORE_WAIT_MS when the storage never answers', async () => {
    vi.useFakeTimers();
    try {
      hanging = true;
      const { restored } = startQueryClient();
      let settled = false;
      void restored.then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(RESTORE_WAIT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
