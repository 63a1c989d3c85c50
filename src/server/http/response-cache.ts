import { AnalyticsError } from '../analytics/analytics-error';
import type { Db } from '../store/database';

export interface ResponseCacheOptions {
  /** Most answers kept (default 2,000). */
  maxEntries?: number;
  /** Most bytes of serialized answers kept (default 32 MiB). */
  maxBytes?: number;
}

type Entry = { json: string } | { refusal: AnalyticsError };

/**
 * The serialized `data` of each answer (and each `no_match` refusal), per operation and validated
 * parameters, valid for one data version of the store: every seed or ingest, in any process, bumps
 * `market_meta.data_version` (see store/market-meta.ts), and the first request after that empties
 * the cache. So an answer is never older than the data, and a repeated question (the same card, the
 * same floor) costs a map lookup and no JSON serialization. Least recently used answers go first.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly readVersion;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private version: string | undefined;
  private bytes = 0;

  constructor(db: Db, options: ResponseCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 2_000;
    this.maxBytes = options.maxBytes ?? 32 * 2 ** 20;
    this.readVersion = db
      .prepare<[], string>("SELECT value FROM market_meta WHERE key = 'data_version'")
      .pluck();
  }

  /** The JSON of `compute(params)`, from the cache when the store has not changed since. */
  json<P>(operation: string, params: P, compute: (params: P) => unknown): string {
    const version = this.readVersion.get() ?? '';
    if (version !== this.version) {
      this.entries.clear();
      this.bytes = 0;
      this.version = version;
    }
    const key = `${operation} ${JSON.stringify(params)}`;
    let entry = this.entries.get(key);
    if (entry !== undefined) {
      this.entries.delete(key); // re-inserted below: most recently used last
    } else {
      entry = this.compute(() => compute(params));
      this.bytes += sizeOf(key, entry);
    }
    this.entries.set(key, entry);
    this.evict();
    if ('refusal' in entry) throw entry.refusal;
    return entry.json;
  }

  get size(): number {
    return this.entries.size;
  }

  private compute(run: () => unknown): Entry {
    try {
      return { json: JSON.stringify(run()) };
    } catch (error) {
      if (error instanceof AnalyticsError && error.code === 'no_match') return { refusal: error };
      throw error;
    }
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) return;
      this.entries.delete(key);
      this.bytes -= sizeOf(key, entry);
    }
  }
}

const sizeOf = (key: string, entry: Entry) =>
  key.length + ('json' in entry ? entry.json.length : entry.refusal.hint.length);
