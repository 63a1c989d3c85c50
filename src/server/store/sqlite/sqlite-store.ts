import type { Logger } from '../../logging/logger';
import type { DerivedComputation } from '../derived-tables';
import type { Store } from '../store';
import type { StoreHealth } from '../store-health';
import { type Db, type OpenOptions, openDatabase } from './database';
import { ExternalCommitCounter } from './external-commits';
import { isStoreMarketEmpty } from './market-writer';
import { createStoreHealth, isStoreFault } from './sqlite-health';
import { ingestFile } from './sqlite-ingest';
import { KeyStore } from './sqlite-keys';
import { localMarketWrites } from './sqlite-market-meta';
import { createMarketReader } from './sqlite-market-reader';
import { UsageMeter } from './usage-meter';

/** A SQLite store, with its connection (for the SQLite-only tools and tests). */
export interface SqliteStore extends Store {
  readonly kind: 'sqlite';
  readonly db: Db;
}

/**
 * The SQLite store (the default: one file, shared by the server and the command-line tools; see
 * database.ts). Its reads and writes are synchronous underneath, so every promise it returns is
 * settled when returned. Its change signal is SQLite's `PRAGMA data_version` (other processes'
 * commits, read at most once a millisecond) plus this process's own market writes and revocations.
 */
export function sqliteStore(
  db: Db,
  derive: DerivedComputation,
  options: { path?: string; health?: StoreHealth } = {},
): SqliteStore {
  const keys = new KeyStore(db);
  const otherCommits = new ExternalCommitCounter(db);
  const reader = createMarketReader(db);
  const meters: UsageMeter[] = [];
  return {
    kind: 'sqlite',
    location: options.path ?? db.name,
    db,
    reader,
    keys,
    health: options.health ?? { problem: () => null, isStoreFault, fault: () => {}, checkNow: () => null },
    changes: { read: () => otherCommits.read() + localMarketWrites(db) + keys.revocations },
    openQuota: (quotaOptions) => {
      const meter = new UsageMeter(db, quotaOptions);
      meters.push(meter);
      return meter;
    },
    isMarketEmpty: async () => isStoreMarketEmpty(db),
    replaceMarket: async (fill) => fill(db),
    // One process at a time starts on a SQLite file; the fill's own write transaction does the rest.
    replaceMarketIfEmpty: async (fill) => (isStoreMarketEmpty(db) ? fill(db) : null),
    ingestFile: (kind, path, ingestOptions) => ingestFile(db, derive, kind, path, ingestOptions),
    close: async () => {
      for (const meter of meters.splice(0)) await meter.close();
      if (db.open) db.close();
    },
  };
}

/** Opens the SQLite store at `path` (database.ts's checks and migrations) with its file's health check. */
export function openSqliteStore(
  path: string,
  options: OpenOptions & { derive: DerivedComputation; logger?: Logger },
): SqliteStore {
  const db = openDatabase(path, options);
  const health = createStoreHealth({ path, db, ...(options.logger ? { logger: options.logger } : {}) });
  return sqliteStore(db, options.derive, { path, health });
}
