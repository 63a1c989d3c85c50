import type pg from 'pg';
import { derivedComputation } from '../../../analytics/derived/derived-computation';
import { listingsCsv, salesCsv, writeTempFile } from '../../../analytics/testing/hand-market';
import type { MarketReader } from '../../market-reader';
import { openPgDatabase } from '../pg-database';
import { pgIngestFile } from '../pg-ingest';
import { createPgMarketReader } from '../pg-market-reader';
import { createTestDatabase } from './test-postgres';

export interface PgHandMarket {
  url: string;
  pool: pg.Pool;
  reader: MarketReader;
  /** Closes the pool and drops the database. */
  close(): Promise<void>;
}

/**
 * Test helper: the hand-made market (analytics/testing/hand-market.ts) in a fresh database of the
 * tests' PostgreSQL, loaded through the PostgreSQL ingest path (the same CSV files as
 * openHandMarket), so a suite written against openHandMarket can run on both stores.
 */
export async function openPgHandMarket(): Promise<PgHandMarket> {
  const database = await createTestDatabase();
  const pool = await openPgDatabase(database.url);
  try {
    for (const [kind, name, content] of [
      ['sales', 'sales.csv', salesCsv()],
      ['listings', 'listings.csv', listingsCsv()],
    ] as const) {
      const result = await pgIngestFile(pool, derivedComputation, kind, writeTempFile(name, content));
      if (result.badRows > 0) throw new Error(`fixture has bad rows: ${JSON.stringify(result.errors)}`);
    }
    return {
      url: database.url,
      pool,
      reader: await createPgMarketReader(pool),
      close: async () => {
        await pool.end();
        await database.drop();
      },
    };
  } catch (error) {
    await pool.end().catch(() => {});
    await database.drop().catch(() => {});
    throw error;
  }
}
