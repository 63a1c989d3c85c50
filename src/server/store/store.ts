import type { KeyListing, KeyRecord } from '../auth/api-keys';
import type { Tier } from '../auth/tiers';
import type { IngestOptions, IngestResult } from '../ingest/ingest-file';
import type { IngestKind } from '../ingest/ingest-kind';
import type { MarketReader } from './market-reader';
import type { Db } from './sqlite/database';
import type { StoreHealth } from './store-health';

/**
 * The store boundary (docs/data-model.md, "The store boundary"): what the server and the
 * command-line tools ask of a store, whichever it is. `SLAB_DB` names a SQLite file (the default,
 * store/sqlite/sqlite-store.ts) or a `postgres://` URL (store/postgres/). Every read and write is
 * asynchronous; on SQLite each promise is settled when it is returned.
 */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the store is, for logs and messages: a file path, or a URL without its password. */
  readonly location: string;
  /** Every read the analytics make. */
  readonly reader: MarketReader;
  /** The API keys. */
  readonly keys: KeyBook;
  /** Moves after any process's commit of market data or keys: what in-memory caches key on. */
  readonly changes: ChangeSignal;
  /** Whether the store can be reached (503 `unavailable` while it cannot). */
  readonly health: StoreHealth;
  /** The monthly quota of every key, exact across every process that shares the store. */
  openQuota(options?: QuotaOptions): Quota;
  /** True when the store holds no card and no sale (`npm start` then seeds it). */
  isMarketEmpty(): Promise<boolean>;
  /**
   * Replaces the market with the one `fill` writes (keys and usage stay), the derived tables
   * rebuilt, in one transaction (seed/seed-store.ts). `fill` writes a whole market, derived tables
   * included, into a SQLite database in one transaction of its own: on SQLite the store's own file,
   * on PostgreSQL a throwaway in-memory one whose rows are then copied in.
   */
  replaceMarket<T>(fill: MarketFill<T>, onProgress?: (line: string) => void): Promise<T>;
  /**
   * The same, only when the market is empty, judged inside the store's own exclusion: of several
   * processes starting together on one empty store, one fills it and the others get null once it has.
   */
  replaceMarketIfEmpty<T>(fill: MarketFill<T>, onProgress?: (line: string) => void): Promise<T | null>;
  /** Imports a sales or listings file, all or nothing, the derived tables rebuilt in the same transaction. */
  ingestFile(kind: IngestKind, path: string, options?: IngestOptions): Promise<IngestResult>;
  close(): Promise<void>;
}

/** Writes a whole market into `db` in one transaction, replacing any market it holds. */
export type MarketFill<T> = (db: Db) => T;

/** The key table (keys are kept only as SHA-256 hashes: the raw key is returned once, by `create`). */
export interface KeyBook {
  /** The record of a well-formed key that is not revoked, or null; an expiring key comes with its expiry. */
  findActive(key: string): Promise<KeyRecord | null>;
  create(
    tier: Tier,
    label?: string | null,
    now?: Date,
    expiresAt?: Date | null,
  ): Promise<{ key: string; id: string; tier: Tier }>;
  /** Marks a key revoked; revoking twice is harmless. */
  revoke(id: string, now?: Date): Promise<{ found: boolean; alreadyRevoked: boolean }>;
  /** Removes the keys (and their usage) that expired before `now`: how demo keys go away. */
  removeExpired(now?: Date): Promise<number>;
  list(now?: Date): Promise<KeyListing[]>;
  count(): Promise<number>;
}

export type SpendResult = { ok: true; remaining: number } | { ok: false; remaining: 0 };

/** The monthly quota (docs/api.md, "Keys and quota"). */
export interface Quota {
  /** Calls left this month for a key, without spending one. */
  remaining(key: KeyRecord, at: Date): Promise<number>;
  /**
   * What is left as this process last saw it, when it saw it within the last second (exact on
   * SQLite, which counts in memory); undefined otherwise: ask `remaining`. A count seen at 0 stays 0
   * for the month (calls are only ever added), so a refusal made on it is right; a count above 0 may
   * since have been spent by other processes, which `trySpend` settles.
   */
  recentRemaining(key: KeyRecord, at: Date): number | undefined;
  /**
   * Spends one call if the quota allows it: the check and the increment are one atomic step. SQLite
   * counts in memory and answers at once; PostgreSQL answers with a promise.
   */
  trySpend(key: KeyRecord, at: Date, operation?: string): SpendResult | Promise<SpendResult>;
  /**
   * What the key spent in the UTC month of `at` (GET /v1/usage): the month's count, and the calls
   * by UTC day and operation (the registry's operationId; '' for a call spent without one). Exact
   * across every process that shares the store.
   */
  usageOf(key: KeyRecord, at: Date): Promise<UsageCounts>;
  /** Writes what is still pending (SQLite batches its counts; PostgreSQL has nothing pending). */
  close(): Promise<void>;
}

export interface UsageCounts {
  /** Calls spent this month (key_usage). */
  used: number;
  /** The month's calls by UTC day (`YYYY-MM-DD`) and operation; only rows with calls. */
  rows: { day: string; operation: string; calls: number }[];
}

export interface QuotaOptions {
  /** SQLite: flush as soon as this many spent calls are not yet in the store. */
  flushEvery?: number;
  /** SQLite: flush at the latest this long after the first call not yet in the store. */
  flushAfterMs?: number;
  /** Told when writing the counts fails (SQLite retries them). */
  onFlushError?: (error: unknown) => void;
  /** SQLite: whether the store may be written now (not during a store fault); else the counts wait. */
  canWrite?: () => boolean;
}

/**
 * A count that moves after a commit of market data or keys by any process sharing the store, this
 * one included, read synchronously on every request: a cache filled at count N is stale once it
 * moves. SQLite: PRAGMA data_version and this process's own writes (within 1 ms); PostgreSQL:
 * LISTEN/NOTIFY with a poll behind it (within 1 s, docs/deploy.md).
 */
export interface ChangeSignal {
  read(): number;
}
