import { SqliteError } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, type OperationTable } from '../analytics/operations';
import { isStoreFault } from '../store/sqlite/sqlite-health';
import type { StoreHealth } from '../store/store-health';
import { createSeededStore, createTestApp, keyedPathsOf, type SeededStore } from './testing/seeded-store';

/**
 * A store that cannot be reached (docs/operations.md, "Store faults"): every endpoint answers 503
 * `unavailable` with Retry-After, spending nothing, and answers again once the store is sound. The
 * real file cases (deleted, truncated) run against the real server in store-faults.test.ts.
 */
let store: SeededStore;
beforeAll(async () => {
  store = createSeededStore();
});
afterAll(() => store.cleanup());

const PROBLEM = 'The data store file was deleted while the server was running. Try again later.';

describe('503 unavailable', () => {
  it('while the health check reports a problem: every endpoint, the cached ones too, and nothing is spent', async () => {
    let problem: string | null = null;
    const health: StoreHealth = {
      problem: () => problem,
      isStoreFault,
      fault: () => {},
      checkNow: () => problem,
    };
    const api = createTestApp(store, {
      storeHealth: health,
      config: { SLAB_DEMO: true, SLAB_WEB_DIST: '/nonexistent' },
    });
    const key = await api.newKey('free');
    const record = await api.keys.findActive(key);
    if (record === null) throw new Error('the key was not made');
    // The answers are cached first: a cached answer never touches the store, and must still be refused.
    for (const path of keyedPathsOf(store)) expect((await api.get(path, key)).status, path).toBe(200);
    const spent = 1000 - (await api.usage.remaining(record, new Date()));

    problem = PROBLEM;
    for (const path of ['/v1/ping', '/v1', '/v1/demo-key', ...keyedPathsOf(store)]) {
      const response = await api.get(path, key);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after'), path).toBe('60');
      expect(await response.json(), path).toMatchObject({ error: 'unavailable', hint: PROBLEM });
    }
    // without a key too: the store comes before the key check
    expect((await api.get('/v1/floor')).status).toBe(503);
    expect(1000 - (await api.usage.remaining(record, new Date()))).toBe(spent);
    expect(await api.keys.count()).toBe(1); // no demo key was minted

    problem = null;
    expect((await api.get('/v1/ping')).status).toBe(200);
    expect((await api.get('/v1/floor', key)).status).toBe(200);
  });

  it('an SQLite error that means the store is damaged or busy is a 503, not a 500; any other error stays a 500', async () => {
    let thrown: Error = new SqliteError('database disk image is malformed', 'SQLITE_CORRUPT');
    const failing = {
      ...OPERATIONS,
      floor: () => {
        throw thrown;
      },
    } as OperationTable;
    const api = createTestApp(store, { operations: failing });
    const key = await api.newKey('free');
    const damaged = await api.get('/v1/floor', key);
    expect(damaged.status).toBe(503);
    expect(await damaged.json()).toMatchObject({ error: 'unavailable' });
    expect(damaged.headers.get('retry-after')).toBe('5');

    thrown = new TypeError('a bug');
    const bug = await api.get('/v1/floor?category=pokemon', key);
    expect(bug.status).toBe(500);
    expect(await bug.json()).toMatchObject({ error: 'internal_error' });
  });
});
