import type pg from 'pg';
import { errorFields, type Logger } from '../../logging/logger';
import type { DerivedComputation } from '../derived-tables';
import type { Store } from '../store';
import { StoreError } from '../store-error';
import { catalogueUntilChange, PgCatalogue } from './pg-catalogue';
import { noteLocalChange, PgChangeSignal, untilChange } from './pg-changes';
import { migratePg, openPgPool, redactPgUrl } from './pg-database';
import { createPgHealth, isPgConnectionFault } from './pg-health';
import { pgIngestFile } from './pg-ingest';
import { PgKeyBook } from './pg-keys';
import { createPgMarketReader } from './pg-market-reader';
import { PgQuota } from './pg-quota';
import { pgIsMarketEmpty, pgReplaceMarket } from './pg-seed';

export interface PgStoreOptions {
  /** How the derived tables are computed (store/derived-tables.ts). */
  derive: DerivedComputation;
  logger?: Logger;
  /**
   * false: a database without a Slab Terminal schema is a `missing` StoreError instead of being
   * migrated into a new store (the keys CLI). Default true.
   */
  create?: boolean;
}

/** Key of the advisory lock under which a process seeds an empty database (SLAB_AUTO_SEED). */
const SEED_LOCK = 0x5_1ab_5eed;

/** A PostgreSQL store, with its pool (for the PostgreSQL-only tests and tools). */
export interface PgStore extends Store {
  readonly kind: 'postgres';
  readonly pool: pg.Pool;
}

/**
 * The PostgreSQL store (decisions.md, "Stores"; docs/deploy.md): any number of server processes and
 * command-line tools on one database. Opening it makes a pool (`?pool_size=N`, default 10), migrates
 * the schema under an advisory lock (replicas starting together do not race), starts the change
 * signal (LISTEN slab_changes and a 500 ms poll: a seed, ingest or revocation by any process is seen
 * within 1 s) and the health check. Unreachable: a `unreachable` StoreError that says where (no password).
 */
export async function openPgStore(url: string, options: PgStoreOptions): Promise<PgStore> {
  const location = redactPgUrl(url);
  const pool = openPgPool(url);
  try {
    if (options.create === false && !(await hasSchema(pool))) {
      throw new StoreError(
        'missing',
        `No Slab Terminal store in ${location}: start the server or run npm run seed first (or set SLAB_DB).`,
      );
    }
    await migratePg(pool, { derive: options.derive });
    const rows = await createPgMarketReader(pool);
    // While the database is down the signal fails every poll (500 ms): one log line a minute is enough.
    let loggedAt = Number.NEGATIVE_INFINITY;
    const changes = await PgChangeSignal.open(pool, {
      onError: (error) => {
        if (performance.now() - loggedAt < 60_000) return;
        loggedAt = performance.now();
        options.logger?.error('change signal: cannot reach the database; retrying', errorFields(error));
      },
    });
    const health = createPgHealth(pool, options.logger ? { logger: options.logger } : {});
    // The market state (data version, as-of, snapshot date) and the card catalogue, read again only
    // when the change count moves: every analytics call asks for the state, and every q-driven one
    // for the catalogue two or three times; on PostgreSQL each ask would be a round trip.
    const reader = catalogueUntilChange(
      { ...rows, state: untilChange(changes, rows.state) },
      untilChange(changes, () => PgCatalogue.read(pool)),
    );
    const keys = new PgKeyBook(pool);
    return {
      kind: 'postgres',
      location,
      pool,
      reader,
      keys,
      changes,
      health,
      openQuota: () => new PgQuota(pool),
      isMarketEmpty: () => pgIsMarketEmpty(pool),
      replaceMarket: async (fill, onProgress) => {
        const summary = await pgReplaceMarket(pool, options.derive, fill, onProgress);
        noteLocalChange(pool);
        return summary;
      },
      replaceMarketIfEmpty: async (fill, onProgress) => {
        // A session advisory lock on a connection of its own: replicas starting together on an empty
        // database seed it once; the others wait, then find it full.
        const lock = await pool.connect();
        try {
          await lock.query('SELECT pg_advisory_lock($1)', [SEED_LOCK]);
          if (!(await pgIsMarketEmpty(pool))) return null;
          const summary = await pgReplaceMarket(pool, options.derive, fill, onProgress);
          noteLocalChange(pool);
          return summary;
        } finally {
          await lock.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK]).catch(() => {});
          lock.release();
        }
      },
      ingestFile: async (kind, path, ingestOptions) => {
        const result = await pgIngestFile(pool, options.derive, kind, path, ingestOptions);
        if (result.rebuilt !== null) noteLocalChange(pool);
        return result;
      },
      close: async () => {
        health.close();
        await changes.close();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end().catch(() => {});
    if (isPgConnectionFault(error)) {
      const code = (error as { code?: string }).code ?? (error as Error).message;
      throw new StoreError(
        'unreachable',
        `Cannot reach the PostgreSQL database ${location} (${code}): check that it is running, that it accepts this host, and SLAB_DB.`,
      );
    }
    throw error;
  }
}

/** Whether the database holds a store of this product (its schema_migrations table). */
async function hasSchema(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  return rows[0]?.present === true;
}
