import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedComputation } from '../../analytics/derived/derived-computation';
import { expectSameAnalytics, expectSameReads } from '../../analytics/testing/reader-parity';
import { seedDemoMarket } from '../../seed/seed-demo-market';
import { type Db, openDatabase } from '../sqlite/database';
import { createMarketReader } from '../sqlite/sqlite-market-reader';
import { openPgDatabase } from './pg-database';
import { createPgMarketReader } from './pg-market-reader';
import { pgIsMarketEmpty, pgReplaceMarket } from './pg-seed';
import { createTestDatabase, type TestDatabase } from './testing/test-postgres';

const OPTIONS = { seed: 7, asOf: '2026-11-20', scale: 'small' } as const;

describe('the demo market on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let db: Db;

  beforeAll(async () => {
    // A database whose default collation is not byte order: rows must still come in SQLite's order.
    database = await createTestDatabase({ icuLocale: 'en-US' });
    pool = await openPgDatabase(database.url);
    db = openDatabase(':memory:');
  });
  afterAll(async () => {
    db?.close();
    await pool?.end();
    await database?.drop();
  });

  it('seeds the same market as SQLite: every reader method gives the same answers', async () => {
    const collation = await pool.query(
      `SELECT datlocprovider AS provider FROM pg_database WHERE datname = current_database()`,
    );
    // The embedded server has ICU; a server given by SLAB_TEST_PG_URL may not (then its default).
    if (!process.env.SLAB_TEST_PG_URL) expect(collation.rows[0].provider).toBe('i');
    expect(await pgIsMarketEmpty(pool)).toBe(true);
    const lines: string[] = [];
    const summary = await pgReplaceMarket(
      pool,
      derivedComputation,
      (memory) => seedDemoMarket(memory, OPTIONS),
      (line) => lines.push(line),
    );
    expect(summary).toStrictEqual(seedDemoMarket(db, OPTIONS));
    expect(lines.at(-1)).toMatch(/^derived tables: \d+ snapshot days to 2026-11-20, \d+ movers$/);
    expect(await pgIsMarketEmpty(pool)).toBe(false);
    const compared = await expectSameReads(createMarketReader(db), await createPgMarketReader(pool));
    expect(compared).toBeGreaterThan(500);
  });

  it('answers every analytics operation as SQLite does on it', async () => {
    const { compared, answered } = await expectSameAnalytics(
      createMarketReader(db),
      await createPgMarketReader(pool),
      {
        step: 41,
        from: '2026-09-01',
      },
    );
    expect(compared).toBeGreaterThan(500);
    expect(answered / compared).toBeGreaterThan(0.3);
  });

  it('seeds again in one transaction: keys and usage stay, the data version moves on, others are told', async () => {
    await pool.query(
      `INSERT INTO api_keys (id, key_hash, tier, created_at) VALUES ('k1', 'h1', 'pro', '2026-11-01T00:00:00Z');
       INSERT INTO key_usage (key_id, month, used) VALUES ('k1', '2026-11', 5)`,
    );
    const before = (await pool.query(`SELECT value FROM market_meta WHERE key = 'data_version'`)).rows[0]
      .value;
    const listener = await pool.connect();
    const notes: string[] = [];
    listener.on('notification', (note) => notes.push(note.channel));
    await listener.query('LISTEN slab_changes');
    // A reader during the seed sees the old market whole, never a half.
    const reader = await createPgMarketReader(pool);
    const oldTitles = await reader.titles();
    const seeding = pgReplaceMarket(pool, derivedComputation, (memory) =>
      seedDemoMarket(memory, { ...OPTIONS, seed: 8 }),
    );
    expect(await reader.titles()).toStrictEqual(oldTitles);
    await seeding;
    await new Promise((resolve) => setTimeout(resolve, 200));
    listener.release();
    expect(notes).toContain('slab_changes');
    const after = (await pool.query(`SELECT value FROM market_meta WHERE key = 'data_version'`)).rows[0]
      .value;
    expect(Number(after)).toBe(Number(before) + 1);
    expect((await pool.query('SELECT used FROM key_usage')).rows).toEqual([{ used: 5 }]);
    expect(await reader.titles()).not.toStrictEqual(oldTitles);
  });
});
