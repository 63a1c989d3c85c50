import type Database from 'better-sqlite3';
import { type DataOrigin, type MarketState, stateFromRows } from '../market-meta';

/** A connection to the store (not imported from database.ts, which depends on this file). */
type Db = Database.Database;

export function readMarketState(db: Db): MarketState {
  const rows = db.prepare('SELECT key, value FROM market_meta').all() as { key: string; value: string }[];
  return stateFromRows(rows);
}

/** Calls of writeMarketState in this process, per store connection (see `localMarketWrites`). */
const localWrites = new WeakMap<Db, number>();

/**
 * How often this process has written market state on this connection: a cache keyed on the data
 * version need not read it again while this and the other processes' commits (ExternalCommitCounter) stay
 * put. (A write that is rolled back moves it too: that costs a re-read, never a stale answer.)
 */
export const localMarketWrites = (db: Db): number => localWrites.get(db) ?? 0;

/** Writes the new as-of and snapshot date and bumps the data version (inside the caller's transaction). */
export function writeMarketState(
  db: Db,
  state: { asOfMs: number | null; snapshotDate: string | null },
): number {
  localWrites.set(db, localMarketWrites(db) + 1);
  const current = readMarketState(db).dataVersion;
  const next = current + 1;
  const upsert = db.prepare(
    'INSERT INTO market_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare('DELETE FROM market_meta WHERE key = ?');
  upsert.run('data_version', String(next));
  // The kept sale columns are of the data before this write (sale-columns-snapshot.ts).
  db.prepare('DELETE FROM sale_columns_snapshot').run();
  if (state.asOfMs === null) remove.run('as_of_ms');
  else upsert.run('as_of_ms', String(state.asOfMs));
  if (state.snapshotDate === null) remove.run('snapshot_date');
  else upsert.run('snapshot_date', state.snapshotDate);
  return next;
}

/**
 * Records that the market now holds data from `source` (inside the caller's transaction): a seed
 * replaces the whole market, so it is `demo`; an ingest adds to what is there.
 */
export function recordDataOrigin(db: Db, source: 'demo' | 'ingest'): void {
  const current = readMarketState(db).origin;
  const next: DataOrigin =
    source === 'demo' ? 'demo' : current === 'demo' || current === 'demo+ingest' ? 'demo+ingest' : 'ingest';
  db.prepare(
    "INSERT INTO market_meta (key, value) VALUES ('origin', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(next);
}
