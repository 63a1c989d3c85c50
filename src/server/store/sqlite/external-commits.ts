import type { Db } from './database';

export interface ExternalCommitCounterOptions {
  /**
   * How long a look stays good (default 1 ms): a commit by another process is seen by every read
   * that starts this long after it, or later.
   */
  maxAgeMs?: number;
  /** The monotonic clock in ms (tests). */
  clock?: () => number;
}

/**
 * Counts the commits of other connections to the store (the keys CLI, an ingest or seed in another
 * process), for in-memory caches: a cache filled at count N is stale once the count moves. (Writes
 * of this process are counted by their writers: `localMarketWrites` in sqlite-market-meta.ts and
 * `KeyStore.revocations`.)
 *
 * It reads SQLite's `PRAGMA data_version` (a read transaction on the WAL index) at most once per
 * `maxAgeMs` (1 ms): a revoke or ingest by another process is seen by
 * every request that starts 1 ms after its commit. The keys CLI itself takes tens of ms to return,
 * so a key revoked with it is refused by the next request (docs/api.md).
 */
export class ExternalCommitCounter {
  private readonly readDataVersion;
  private readonly maxAgeMs: number;
  private readonly clock: () => number;
  private dataVersion = Number.NaN;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private count = 0;

  constructor(db: Db, options: ExternalCommitCounterOptions = {}) {
    this.readDataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.maxAgeMs = options.maxAgeMs ?? 1;
    this.clock = options.clock ?? (() => performance.now());
  }

  /** The count now: equal to an earlier read if no other process committed in between (within the bound above). */
  read(): number {
    const now = this.clock();
    if (now - this.checkedAt >= this.maxAgeMs) {
      this.checkedAt = now;
      const dataVersion = this.readDataVersion.get() ?? 0;
      if (dataVersion !== this.dataVersion) {
        this.dataVersion = dataVersion;
        this.count += 1;
      }
    }
    return this.count;
  }
}
