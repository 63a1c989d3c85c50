import { LRUCache } from 'lru-cache';
import { AnalyticsError } from '../analytics/analytics-error';
import { strongEtag } from './response';

export interface ResponseCacheOptions {
  /** Most answers kept (default 2,000). */
  maxEntries?: number;
  /** Most bytes of serialized answers kept (default 32 MiB). */
  maxBytes?: number;
}

/** A serialized answer: its JSON text, that text's length in UTF-8 bytes, and its entity tag. */
export interface CachedJson {
  readonly json: string;
  readonly bytes: number;
  /**
   * A strong ETag of the answer's `data` (docs/api.md, "HTTP caching"): a hash of its UTF-8 bytes,
   * made once with the answer, so that a call pays nothing for it.
   */
  readonly etag: string;
}

/** The cache's key of an operation's validated parameters. */
export const cacheKey = (operation: string, params: unknown): string =>
  `${operation} ${JSON.stringify(params)}`;

type Answer = CachedJson | { refusal: AnalyticsError };
/** A kept answer, with the forms of it made on first use (`formOf`) and its size in bytes. */
type Entry = Answer & { key: string; size: number; forms: Map<string, unknown> };

/**
 * The serialized `data` of each answer (and each `no_match` refusal), per operation and validated
 * parameters, valid for one data version of the store: every seed or ingest, in any process, bumps
 * the store's data version (see store/sqlite/sqlite-market-meta.ts), and the first request after that empties
 * the cache. So an answer is never older than the data, and a repeated question (the same card, the
 * same floor) costs a map lookup and no JSON serialization. Each answer keeps its length in UTF-8
 * bytes, so that sending it needs no measuring.
 *
 * The data version is read again only when something may have changed it: when the store's change
 * count (Store.changes, which the caller reads once per request) has moved. An answer computed
 * while the version changed under it is returned but not kept; concurrent requests for an answer
 * not yet kept share one computation. Beyond its bounds (answers, bytes: the answers' keys, JSON
 * and kept forms) the least recently used answers go (lru-cache).
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly computing = new Map<string, Promise<Answer>>();
  private version: number | undefined;
  /** Moves each time the cache is emptied for a new data version. */
  private generation = 0;
  private changes = Number.NaN;

  constructor(
    private readonly dataVersion: () => Promise<number>,
    options: ResponseCacheOptions = {},
  ) {
    this.entries = new LRUCache<string, Entry>({
      max: options.maxEntries ?? 2_000,
      maxSize: options.maxBytes ?? 32 * 2 ** 20,
      sizeCalculation: (entry) => entry.size,
    });
  }

  /**
   * The JSON of `compute(params)` for an operation, from the cache when the store has not changed
   * since (a kept `no_match` is thrown again).
   */
  async json<P>(
    operation: string,
    params: P,
    compute: (params: P) => unknown,
    changes: number,
    key = cacheKey(operation, params),
  ): Promise<CachedJson> {
    if (changes !== this.changes) {
      const version = await this.dataVersion();
      this.changes = changes;
      if (version !== this.version) {
        this.entries.clear();
        this.computing.clear();
        this.version = version;
        this.generation += 1;
      }
    }
    let answer: Answer | undefined = this.entries.get(key);
    if (answer === undefined) {
      const generation = this.generation;
      let pending = this.computing.get(key);
      if (pending === undefined) {
        pending = this.compute(() => compute(params));
        this.computing.set(key, pending);
      }
      try {
        answer = await pending;
      } finally {
        if (this.computing.get(key) === pending) this.computing.delete(key);
      }
      if (generation === this.generation && !this.entries.has(key)) {
        const size = key.length + ('json' in answer ? answer.bytes : answer.refusal.hint.length);
        const entry: Entry = { ...answer, key, size, forms: new Map() };
        this.entries.set(key, entry);
        answer = entry;
      } else {
        answer = this.entries.get(key) ?? answer;
      }
    }
    if ('refusal' in answer) throw answer.refusal;
    return answer;
  }

  /**
   * A form of an answer (its bytes, deflated: keyed-pipeline.ts) made by `make` on first use and kept
   * with the answer while it is cached, its `bytes` counted in the answer's size.
   */
  formOf<T>(answer: CachedJson, name: string, make: () => T, bytes: (made: T) => number): T {
    const entry = answer as CachedJson & Partial<Entry>;
    const known = entry.forms?.get(name) as T | undefined;
    if (known !== undefined) return known;
    const made = make();
    if (entry.forms !== undefined && entry.key !== undefined) {
      entry.forms.set(name, made);
      entry.size = (entry.size ?? 0) + bytes(made);
      // Put back, so that the cache counts the new size (and drops others if it must): lru-cache
      // does not measure a value set again under its key.
      if (this.entries.peek(entry.key) === entry) {
        this.entries.delete(entry.key);
        this.entries.set(entry.key, entry as Entry);
      }
    }
    return made;
  }

  get size(): number {
    return this.entries.size;
  }

  private async compute(run: () => unknown): Promise<Answer> {
    try {
      const json = JSON.stringify(await run());
      return { json, bytes: Buffer.byteLength(json), etag: strongEtag(json) };
    } catch (error) {
      if (error instanceof AnalyticsError && error.code === 'no_match') return { refusal: error };
      throw error;
    }
  }
}
