import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../store/sqlite/database';
import { sqliteStore } from '../store/sqlite/sqlite-store';
import { derivedComputation } from './derived/derived-computation';
import { keepWarm } from './keep-warm';
import { marketContext } from './market-context';
import { loadHandMarket, writeTempFile } from './testing/hand-market';

describe('keepWarm: the q-driven data loaded at start and after each change', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads now, again within its period when the change count moves, and not while it stays', async () => {
    let count = 0;
    let version = 1;
    const warmed: number[] = [];
    const loaded: number[] = [];
    const warm = vi.fn(async () => {
      warmed.push(version);
      return warmed.filter((v) => v === version).length === 1;
    });
    const warming = keepWarm({ read: () => count }, warm, {
      everyMs: 100,
      onLoaded: () => loaded.push(version),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(warmed).toEqual([1]);
    await vi.advanceTimersByTimeAsync(500);
    expect(warmed).toEqual([1]);

    version = 2;
    count = 1;
    await vi.advanceTimersByTimeAsync(100);
    expect(warmed).toEqual([1, 2]);
    // A change that brings no new data (a key revoked) loads nothing new and says nothing.
    count = 2;
    await vi.advanceTimersByTimeAsync(100);
    expect(warmed).toEqual([1, 2, 2]);
    expect(loaded).toEqual([1, 2]);

    warming.stop();
    count = 3;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(warm).toHaveBeenCalledTimes(3);
  });

  it('reports a failed load and tries again at the next change; one load at a time', async () => {
    let count = 0;
    let fail = true;
    let release: () => void = () => {};
    const errors: unknown[] = [];
    const warm = vi.fn(
      () =>
        new Promise<boolean>((resolve, reject) => {
          release = () => (fail ? reject(new Error('store fault')) : resolve(true));
        }),
    );
    const warming = keepWarm({ read: () => count }, warm, {
      everyMs: 100,
      onError: (error) => errors.push(error),
    });
    count = 1;
    await vi.advanceTimersByTimeAsync(300);
    expect(warm).toHaveBeenCalledTimes(1); // the first load still runs: no second one beside it
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(errors).toHaveLength(1);
    expect(warm).toHaveBeenCalledTimes(2); // the change seen during the load is loaded now
    fail = false;
    release();
    await vi.advanceTimersByTimeAsync(300);
    expect(warm).toHaveBeenCalledTimes(2);
    warming.stop();
  });

  it("tells whether the analytics' warm loaded a data version it did not have", async () => {
    vi.useRealTimers();
    const store = sqliteStore(openDatabase(':memory:'), derivedComputation);
    const analytics = marketContext(store.reader);
    expect(await analytics.warm()).toBe(false); // an empty store: nothing to load
    await loadHandMarket(store);
    expect(await analytics.warm()).toBe(true);
    expect(await analytics.warm()).toBe(false);
    const sale =
      'source_id,sold_at,category,label,title,grade,price\nwarm-1,2026-06-30T10:00:00Z,misc,Misc,Warm Card,PSA 10,5\n';
    await store.ingestFile('sales', writeTempFile('warm.csv', sale));
    expect(await analytics.warm()).toBe(true);
    await store.close();
  });
});
