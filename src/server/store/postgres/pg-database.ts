import pg from 'pg';
import type { DerivedComputation } from '../derived-tables';
import type { Migration } from '../migrations';
import { derivedOrRefuse, StoreError } from '../store-error';
import { pgRebuildDerived } from './pg-rebuild-derived';
import { PG_MIGRATIONS } from './pg-schema';

/** Connections a process's pool opens at most, unless the URL says `?pool_size=N`. */
export const DEFAULT_POOL_SIZE = 10;

/** Key of the advisory lock that serialises migrations between processes starting together. */
const MIGRATION_LOCK = 0x5_1ab_0015;

/**
 * Key of the advisory lock every market write (seed, ingest) takes first in its transaction, so two
 * writers never interleave (SQLite's BEGIN IMMEDIATE); readers never wait for it.
 */
export const MARKET_WRITE_LOCK = 0x5_1ab_0016;

// bigint (epoch ms, ids, counts) and numeric as JS numbers: every value the store holds is below
// 2^53 (times in ms, price_grade = cents * 128), so nothing is lost; text stays the default parser.
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (oid === INT8 || oid === NUMERIC) && format !== 'binary'
      ? Number
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/** The URL without its password, for logs and messages. */
export function redactPgUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

/**
 * A pool on the database of a `postgres://` (or `postgresql://`) URL: at most `pool_size`
 * connections (a query parameter of the URL, removed before the URL reaches the driver; default
 * DEFAULT_POOL_SIZE). bigint and numeric columns come back as numbers. A connection that dies while
 * idle (a server restart) is dropped from the pool; the next query opens a new one.
 */
export function openPgPool(url: string, options: { max?: number; applicationName?: string } = {}): pg.Pool {
  const parsed = new URL(url);
  const sizeParam = parsed.searchParams.get('pool_size');
  parsed.searchParams.delete('pool_size');
  const size = options.max ?? (sizeParam === null ? DEFAULT_POOL_SIZE : Number(sizeParam));
  if (!Number.isInteger(size) || size < 1) {
    throw new Error(`pool_size must be a whole number of connections of at least 1, got "${sizeParam}".`);
  }
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max: size,
    types,
    application_name: options.applicationName ?? 'slab-terminal',
  });
  pool.on('error', () => {});
  return pool;
}

/**
 * Applies, in order and once each, the migrations the database has not seen yet, all in one
 * transaction under a transaction-scoped advisory lock: replicas started together wait for the
 * first, then find nothing to do. A database that has tables but no `schema_migrations` is not a
 * store of this product: it is refused (a `damaged` StoreError) before anything is written to it.
 */
export async function migratePg(
  pool: pg.Pool,
  options: { migrations?: Migration[]; derive?: DerivedComputation } = {},
): Promise<string[]> {
  const migrations = options.migrations ?? PG_MIGRATIONS;
  return inPgTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    const names = new Set(tables.map((table) => table.name));
    if (names.size > 0 && !names.has('schema_migrations')) {
      const database = (await client.query<{ name: string }>('SELECT current_database() AS name')).rows[0]
        ?.name;
      throw new StoreError(
        'damaged',
        `PostgreSQL database "${database}" has tables (${[...names].sort().slice(0, 5).join(', ')}) but no schema_migrations: it is not a store made by Slab Terminal. Point SLAB_DB at an empty database or at a Slab Terminal one.`,
      );
    }
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set(
      (await client.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((row) => row.id),
    );
    const done: string[] = [];
    const pending = migrations.filter((migration) => !applied.has(migration.id));
    const lastRebuild = [...pending].reverse().find((migration) => migration.rebuildsDerived);
    for (const migration of pending) {
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      // New derived tables of a store that already has sales: filled after the last migration that
      // changes them (the rebuild writes every derived table as it is now), in the same transaction.
      if (migration === lastRebuild && (await client.query('SELECT 1 FROM sales LIMIT 1')).rows.length > 0)
        await pgRebuildDerived(client, derivedOrRefuse(options.derive));
      done.push(migration.id);
    }
    return done;
  });
}

/** Opens a pool on `url` and migrates its database (closing the pool again if that fails). */
export async function openPgDatabase(
  url: string,
  options: { max?: number; applicationName?: string; derive?: DerivedComputation } = {},
): Promise<pg.Pool> {
  const pool = openPgPool(url, options);
  try {
    await migratePg(pool, options.derive ? { derive: options.derive } : {});
    return pool;
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}

/**
 * Runs `work` in one transaction on one connection of the pool (BEGIN ... COMMIT, ROLLBACK on any
 * error), at the given isolation level (default READ COMMITTED).
 */
export async function inPgTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  options: { isolation?: 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE'; readOnly?: boolean } = {},
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(
      `BEGIN ISOLATION LEVEL ${options.isolation ?? 'READ COMMITTED'}${options.readOnly ? ' READ ONLY' : ''}`,
    );
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
