import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { DerivedComputation } from '../derived-tables';
import { derivedOrRefuse, StoreError } from '../store-error';
import { KEY_MIGRATIONS } from './key-schema';
import { MARKET_MIGRATIONS } from './market-schema';
import { rebuildDerived } from './rebuild-derived';
import { looksTruncated, storeErrorKind } from './sqlite-health';

export type Db = Database.Database;

/** How long a writer waits for another writer's lock before SQLITE_BUSY (the server, seed, ingest). */
export const DEFAULT_BUSY_TIMEOUT_MS = 10_000;

export interface OpenOptions {
  readonly?: boolean;
  /**
   * false: a missing or empty file is a `missing` StoreError instead of a new store (the keys CLI,
   * which must never make a second, empty store beside the server's). Default true.
   */
  create?: boolean;
  /** SQLITE_BUSY after waiting this long for another writer (default DEFAULT_BUSY_TIMEOUT_MS). */
  busyTimeoutMs?: number;
  /**
   * How the derived tables are computed, for a migration that adds one to a store with sales (the
   * server and the tools pass it; a store opened without it refuses such a migration).
   */
  derive?: DerivedComputation;
}

/**
 * Opens (creating if needed) the one store file that the server and the command-line tools share.
 * WAL mode lets readers go on while a writer (seed, ingest, keys) works; busy_timeout makes a second
 * writer wait instead of failing.
 *
 * A file that exists but is not a sound store (not SQLite, shorter than its header says, or lacking
 * tables every store of this product has) is refused with a `damaged`
 * StoreError before anything is written to it, so that no caller re-seeds over a store that an
 * operator could still restore (docs/operations.md, "Store faults").
 */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  const inMemory = path === ':memory:' || path === '';
  const create = options.create ?? true;
  if (!inMemory) {
    const size = statSync(path, { throwIfNoEntry: false })?.size;
    if (!create && !size) throw missingStore(path);
    if (create && size === undefined) mkdirSync(dirname(path), { recursive: true });
  }
  let db: Db | undefined;
  try {
    db = new Database(path, { readonly: options.readonly ?? false, fileMustExist: !create });
    db.pragma(`busy_timeout = ${Math.max(0, Math.round(options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS))}`);
    if (!inMemory) checkStore(db, path, create);
    if (!options.readonly) db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('cache_size = -65536');
    if (!options.readonly) migrate(db, options.derive);
    if (!inMemory) checkTables(db, path);
    return db;
  } catch (error) {
    db?.close();
    throw asStoreError(error, path);
  }
}

/** The message of a `missing` store: a command that never creates one was pointed at nothing. */
const missingStore = (path: string) =>
  new StoreError(
    'missing',
    `No store at ${path}: start the server or run npm run seed first (or set SLAB_DB).`,
  );

const damaged = (path: string, what: string) =>
  new StoreError(
    'damaged',
    `The store at ${path} is damaged (${what}); nothing was changed. Restore it from a backup, or move it aside to start with a fresh store.`,
  );

/**
 * A thrown error of opening or using a store, as a StoreError when it is one (damaged, busy);
 * other errors (bugs) are returned unchanged.
 */
export function asStoreError(error: unknown, path: string): unknown {
  if (error instanceof StoreError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (storeErrorKind(error)) {
    case 'busy':
      return new StoreError(
        'busy',
        `The store at ${path} is busy: another process (the server flushing usage, a seed or an ingest) held its write lock beyond the busy timeout. Try again when it has finished.`,
      );
    case 'damaged':
      return damaged(
        path,
        code === 'SQLITE_NOTADB' ? 'not an SQLite database' : `truncated or corrupt: SQLite reports ${code}`,
      );
    case 'unreachable':
      return new StoreError(
        'damaged',
        `The store at ${path} cannot be read or written (SQLite reports ${code}): check the file, its directory, their permissions and the free disk space.`,
      );
    default:
      return error;
  }
}

/**
 * Before anything is written: the file is SQLite, no shorter than its header's page count (a cut
 * file), and, if it holds any table, a store of this product (it has `schema_migrations`). With
 * `create: false`, a file without tables is no store at all.
 *
 * Not `PRAGMA quick_check`: it reads every page (1.4 s on the full demo market, half the start-up
 * target of 3 s) to find damage inside pages, which SQLite reports anyway on the first read of a
 * damaged page (SQLITE_CORRUPT: a 503 `unavailable` from then on, sqlite-health.ts).
 */
function checkStore(db: Db, path: string, create: boolean): void {
  // A file that is not SQLite fails here with SQLITE_NOTADB (reported as such by the caller).
  const tables = tableNames(db);
  if (cutShort(path) && cutShortStill(path)) {
    throw damaged(path, 'truncated: the file is shorter than the page count its header states');
  }
  if (tables.size === 0) {
    if (!create) throw missingStore(path);
    return;
  }
  if (!tables.has('schema_migrations')) {
    throw damaged(
      path,
      'it is an SQLite file, but not a store made by Slab Terminal: it has no schema_migrations',
    );
  }
}

/**
 * Whether the file looks cut short. Asked twice, 100 ms apart, before refusing: a checkpoint by
 * another process (the keys CLI, an ingest) can make the file look short for a moment.
 */
const cutShort = (path: string): boolean => {
  const size = statSync(path).size;
  return size > 0 && looksTruncated(path, size);
};
const cutShortStill = (path: string): boolean => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  return cutShort(path);
};

/** After migrating: every table a new store has is there (none dropped or lost). */
function checkTables(db: Db, path: string): void {
  const tables = tableNames(db);
  const missing = [...expectedTables()].filter((name) => !tables.has(name));
  if (missing.length > 0) throw damaged(path, `tables missing: ${missing.slice(0, 5).join(', ')}`);
}

const tableNames = (db: Db) =>
  new Set(
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[],
  );

let expected: Set<string> | undefined;
/** The tables of a store made now, from the migrations themselves (so this list never goes stale). */
function expectedTables(): Set<string> {
  if (expected === undefined) {
    const fresh = new Database(':memory:');
    try {
      migrate(fresh);
      expected = tableNames(fresh);
    } finally {
      fresh.close();
    }
  }
  return expected;
}

/** Every migration of a SQLite store, in the order they apply: the market's, then the keys'. */
const MIGRATIONS = [...MARKET_MIGRATIONS, ...KEY_MIGRATIONS];

/** Applies, in order and once each, the migrations the store has not seen yet. */
export function migrate(db: Db, derive?: DerivedComputation): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as string[]);
  const pending = MIGRATIONS.filter((migration) => !applied.has(migration.id));
  const lastRebuild = [...pending].reverse().find((migration) => migration.rebuildsDerived);
  for (const migration of pending) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run(
        migration.id,
        new Date().toISOString(),
      );
      // New derived tables of a store that already has sales: filled in the transaction of the last
      // migration that changes them (the rebuild writes every derived table as it is now).
      if (migration === lastRebuild && db.prepare('SELECT 1 FROM sales LIMIT 1').get() !== undefined)
        rebuildDerived(db, derivedOrRefuse(derive));
    }).immediate();
  }
}
