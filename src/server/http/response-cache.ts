import { AnalyticsError } from '../analytics/analytics-error';
import { envelopeTail } from './envelope';
import { type GzipTail, gzipTail } from './gzip';
import { strongEtag } from './keyed-headers';

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
type Entry = Answer & { key: string; size: number; used: boolean; gzip?: GzipTail; utf8?: Buffer };

/**
 * The serialized `data` of each answer (and each `no_match` refusal), per operation and validated
 * parameters, valid for one data version of the store: every seed or ingest, in any process, bumps
 * the store's data version (see store/sqlite/sqlite-market-meta.ts), and the first request after that empties
 * the cache. So an answer is never older than the data, and a repeated question (the same card, the
 * same floor) costs a map lookup and no JSON serialization. Each answer keeps its length in UTF-8
 * bytes, so that sending it needs no measuring (the server states Content-Length itself).
 *
 * The data version is read again only when something may have changed it: when the store's change
 * count (Store.changes, which the caller reads once per request) has moved. An answer computed
 * while the version changed under it is returned but not kept; concurrent requests for an answer
 * not yet kept share one computation.
 *
 * A large answer also keeps the end of its envelope (`data` and the closing brace) as UTF-8 bytes,
 * made on the first call that writes it straight to the socket (`encoded`, see respond.ts,
 * `directJson`); and, for clients that accept gzip, deflated, made on the first such call
 * (`gzipped`, see gzip.ts). Both are counted in the answer's size.
 *
 * Beyond its bounds it drops answers not asked for since the last sweep, oldest first (the CLOCK
 * approximation of least recently used: a hit only sets a flag, it does not reorder the map).
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly computing = new Map<string, Promise<Answer>>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private version: number | undefined;
  /** Moves each time the cache is emptied for a new data version. */
  private generation = 0;
  private changes = Number.NaN;
  private bytes = 0;

  constructor(
    private readonly dataVersion: () => Promise<number>,
    options: ResponseCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 2_000;
    this.maxBytes = options.maxBytes ?? 32 * 2 ** 20;
  }

  /** The JSON of `compute(params)`, from the cache when the store has not changed since. */
  json<P>(
    operation: string,
    params: P,
    compute: (params: P) => unknown,
    changes: number,
  ): Promise<CachedJson> {
    return this.jsonFor(cacheKey(operation, params), () => compute(params), changes);
  }

  /**
   * The kept answer of `key` when the change count has not moved since the cache last read the
   * data version (a kept `no_match` is thrown); otherwise undefined: ask `jsonFor`.
   */
  hit(key: string, changes: number): CachedJson | undefined {
    if (changes !== this.changes) return undefined;
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    if ('refusal' in entry) throw entry.refusal;
    return entry;
  }

  /** The same, by a key the caller already made with `cacheKey` (the query memo keeps them). */
  async jsonFor(key: string, compute: () => unknown, changes: number): Promise<CachedJson> {
    if (changes !== this.changes) {
      const version = await this.dataVersion();
      this.changes = changes;
      if (version !== this.version) {
        this.entries.clear();
        this.computing.clear();
        this.bytes = 0;
        this.version = version;
        this.generation += 1;
      }
    }
    const kept = this.hit(key, changes);
    if (kept !== undefined) return kept;
    const generation = this.generation;
    let pending = this.computing.get(key);
    if (pending === undefined) {
      pending = this.compute(compute);
      this.computing.set(key, pending);
    }
    let answer: Answer;
    try {
      answer = await pending;
    } finally {
      if (this.computing.get(key) === pending) this.computing.delete(key);
    }
    if (generation === this.generation && !this.entries.has(key)) {
      const entry: Entry = {
        ...answer,
        key,
        size: key.length + ('json' in answer ? answer.bytes : answer.refusal.hint.length),
        used: false,
      };
      this.entries.set(key, entry);
      this.bytes += entry.size;
      this.evict();
      answer = entry;
    } else {
      answer = this.entries.get(key) ?? answer;
    }
    if ('refusal' in answer) throw answer.refusal;
    return answer;
  }

  /** The answer's envelope tail (its JSON, then the envelope's closing brace) as UTF-8 bytes: made on first use. */
  encoded(answer: CachedJson): Buffer {
    const entry = answer as CachedJson & Entry;
    if (entry.utf8 === undefined) {
      entry.utf8 = Buffer.from(envelopeTail(entry.json));
      this.keep(entry, entry.utf8);
    }
    return entry.utf8;
  }

  /** The same tail deflated: made on first use and kept with the answer while it is cached. */
  gzipped(answer: CachedJson): GzipTail {
    const entry = answer as CachedJson & Entry;
    if (entry.gzip === undefined) {
      entry.gzip = gzipTail(envelopeTail(entry.json));
      this.keep(entry, entry.gzip.deflated);
    }
    return entry.gzip;
  }

  /** Counts bytes made for an entry in its size (and in the cache's, while the entry is in it). */
  private keep(entry: Entry, made: Uint8Array): void {
    entry.size += made.length;
    if (this.entries.get(entry.key) === entry) {
      this.bytes += made.length;
      this.evict();
    }
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

  /** Oldest first: an answer used since the last sweep gets a second chance at the back; else it goes. */
  private evict(): void {
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const [key, entry] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(key);
      if (entry.used && this.entries.size > 0) {
        entry.used = false;
        this.entries.set(key, entry);
      } else {
        this.bytes -= entry.size;
      }
    }
  }
}
