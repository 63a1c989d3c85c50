import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreError } from '../store-error';
import { DEFAULT_POOL_SIZE, migratePg, openPgPool, redactPgUrl } from './pg-database';
import { PG_MIGRATIONS } from './pg-schema';
import { createTestDatabase, type TestDatabase } from './testing/test-postgres';

describe('PostgreSQL database and migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('applies every migration once, even when several processes start together', async () => {
    const pools = Array.from({ length: 4 }, () => openPgPool(database.url, { max: 1 }));
    try {
      const applied = await Promise.all(pools.map((pool) => migratePg(pool)));
      // One of them applied everything, the others found nothing left to do.
      expect(applied.flat().sort()).toEqual(PG_MIGRATIONS.map((m) => m.id).sort());
      expect(applied.filter((ids) => ids.length > 0)).toHaveLength(1);
      expect(await migratePg(pools[0] as (typeof pools)[0])).toEqual([]);
      const { rows } = await (pools[0] as (typeof pools)[0]).query(
        `SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() ORDER BY 1`,
      );
      expect(rows.map((row) => row.name)).toEqual([
        'api_keys',
        'app_settings',
        'cards',
        'grade_codes',
        'key_usage',
        'key_usage_daily',
        'label_movers',
        'listings',
        'market_meta',
        'next_sale_model',
        'population',
        'sales',
        'sales_accuracy',
        'sales_index',
        'schema_migrations',
        'snapshot_categories',
        'snapshot_labels',
      ]);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('returns bigint columns as numbers and computes price_grade as SQLite does', async () => {
    const pool = openPgPool(database.url);
    try {
      await pool.query(
        `INSERT INTO cards (id, category, label, title) VALUES (1, 'pokemon', 'Base Set', 'x')`,
      );
      // 0.125 * 100 = 12.5 rounds away from zero (13) in SQLite; PostgreSQL's round() would give 12.
      await pool.query(
        `INSERT INTO sales (id, card_id, grade, price, sold_at) VALUES
           (1, 1, 'PSA 10', 0.125, 1780000000000), (2, 1, 'Raw', 19.99, 1780000000001)`,
      );
      const { rows } = await pool.query(
        'SELECT sold_at, price_grade, count(*) OVER () AS n FROM sales ORDER BY id',
      );
      const codes = await pool.query(`SELECT grade, code FROM grade_codes WHERE grade IN ('PSA 10', 'Raw')`);
      const code = new Map(codes.rows.map((row) => [row.grade, row.code]));
      expect(rows).toEqual([
        { sold_at: 1780000000000, price_grade: 13 * 128 + code.get('PSA 10'), n: 2 },
        { sold_at: 1780000000001, price_grade: 1999 * 128 + code.get('Raw'), n: 2 },
      ]);
    } finally {
      await pool.end();
    }
  });

  it('refuses a database with tables but no schema_migrations, writing nothing', async () => {
    const other = await createTestDatabase();
    const pool = openPgPool(other.url);
    try {
      await pool.query('CREATE TABLE invoices (id integer)');
      const refusal = await migratePg(pool).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(StoreError);
      expect((refusal as StoreError).kind).toBe('damaged');
      expect((refusal as StoreError).message).toMatch(/has tables \(invoices\) but no schema_migrations/);
      const { rows } = await pool.query(`SELECT to_regclass('schema_migrations') AS t`);
      expect(rows[0].t).toBeNull();
    } finally {
      await pool.end();
      await other.drop();
    }
  });

  it('takes the pool size from the URL and hides the password in messages', () => {
    const pool = openPgPool(`${database.url}?pool_size=3`);
    expect(pool.options.max).toBe(3);
    expect(pool.options.connectionString).not.toContain('pool_size');
    void pool.end();
    const plain = openPgPool(database.url);
    expect(plain.options.max).toBe(DEFAULT_POOL_SIZE);
    void plain.end();
    expect(redactPgUrl('postgres://u:secret@h:5432/db')).toBe('postgres://u:***@h:5432/db');
    expect(() => openPgPool(`${database.url}?pool_size=0`)).toThrow(/pool_size/);
  });
});
