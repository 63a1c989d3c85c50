import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ingestText } from '../../analytics/testing/hand-market';
import { type Db, openDatabase } from './database';
import { createMarketReader } from './sqlite-market-reader';

const HEADER = 'source_id,sold_at,category,label,title,grade,price';
const FIRST = [
  HEADER,
  's1,2026-06-02T00:00:00Z,pokemon,Base Set,1999 Pokemon Base Set Charizard Holo #4,PSA 10,100.00',
  's2,2026-06-01T00:00:00Z,pokemon,Base Set,1999 Pokemon Base Set Charizard Holo #4,PSA 9,30.50',
  's3,2026-06-03T00:00:00Z,baseball,Topps Chrome,2018 Topps Chrome Shohei Ohtani #150 RC,Raw,5.00',
].join('\n');
const T1 = Date.parse('2026-06-01T00:00:00Z');
const T2 = Date.parse('2026-06-02T00:00:00Z');
const T3 = Date.parse('2026-06-03T00:00:00Z');
const T4 = Date.parse('2026-06-04T00:00:00Z');

/** Grade codes follow the ladder (migration 002); the test reads them from the store's own table. */
const code = (db: Db, grade: string) =>
  db.prepare('SELECT code FROM grade_codes WHERE grade = ?').pluck().get(grade) as number;
const packed = (db: Db, cents: number, grade: string) => cents * 128 + code(db, grade);
const kept = (db: Db) =>
  db.prepare('SELECT data_version FROM sale_columns_snapshot').pluck().all() as number[];
const dataVersion = (db: Db) =>
  Number(db.prepare("SELECT value FROM market_meta WHERE key = 'data_version'").pluck().get());
const plain = (columns: Awaited<ReturnType<ReturnType<typeof createMarketReader>['saleColumns']>>) => ({
  maxCardId: columns.maxCardId,
  counts: columns.counts,
  soldAt: Array.from(columns.soldAt),
  priceGrade: Array.from(columns.priceGrade),
});

let open: Db[] = [];
afterEach(() => {
  for (const db of open) db.close();
  open = [];
});

async function storeWithSales(): Promise<{ db: Db; path: string }> {
  const path = join(mkdtempSync(join(tmpdir(), 'slab-snapshot-')), 'market.db');
  const db = openDatabase(path, { busyTimeoutMs: 60_000 });
  open.push(db);
  await ingestText(db, 'sales', 'sales.csv', FIRST);
  return { db, path };
}

describe('the sale columns snapshot (SQLite)', () => {
  it('reads the sales card by card in time order, keeps them for the data version, and answers from them next', async () => {
    const { db } = await storeWithSales();
    expect(kept(db)).toEqual([]);
    const reader = createMarketReader(db);
    const first = plain(await reader.saleColumns());
    // Charizard is card 1 (first seen), Ohtani card 2; Charizard's PSA 9 sold first.
    expect(first).toEqual({
      maxCardId: 2,
      counts: [
        [1, 2],
        [2, 1],
      ],
      soldAt: [T1, T2, T3],
      priceGrade: [packed(db, 3050, 'PSA 9'), packed(db, 10000, 'PSA 10'), packed(db, 500, 'Raw')],
    });
    expect(kept(db)).toEqual([dataVersion(db)]);

    // A change that (unlike every real write) leaves the data version alone: the next read is the
    // snapshot's, so it still has the sale.
    db.prepare("DELETE FROM sales WHERE source_id = 's3'").run();
    expect(plain(await createMarketReader(db).saleColumns())).toEqual(first);
  });

  it('is emptied by an ingest, and the next read has the new sale and keeps a new snapshot', async () => {
    const { db } = await storeWithSales();
    const reader = createMarketReader(db);
    await reader.saleColumns();
    const before = dataVersion(db);
    await ingestText(
      db,
      'sales',
      'more.csv',
      `${HEADER}\ns4,2026-06-04T00:00:00Z,baseball,Topps Chrome,2018 Topps Chrome Shohei Ohtani #150 RC,PSA 10,80.00\n`,
    );
    expect(dataVersion(db)).toBeGreaterThan(before);
    expect(kept(db)).toEqual([]);
    const after = plain(await reader.saleColumns());
    expect(after.counts).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(after.soldAt).toEqual([T1, T2, T3, T4]);
    expect(after.priceGrade[3]).toBe(packed(db, 8000, 'PSA 10'));
    expect(kept(db)).toEqual([dataVersion(db)]);
  });

  it('does not use a snapshot whose blobs do not fit together: it reads the sales again', async () => {
    const { db } = await storeWithSales();
    const reader = createMarketReader(db);
    const first = plain(await reader.saleColumns());
    db.prepare('UPDATE sale_columns_snapshot SET sold_at = ?').run(Buffer.alloc(7));
    expect(plain(await reader.saleColumns())).toEqual(first);
    db.prepare('UPDATE sale_columns_snapshot SET price_grade = ?').run(Buffer.alloc(16));
    expect(plain(await reader.saleColumns())).toEqual(first);
  });

  it('neither waits for nor keeps anything while another process holds the write lock', async () => {
    const { db, path } = await storeWithSales();
    const other = openDatabase(path);
    open.push(other);
    other.exec('BEGIN IMMEDIATE');
    try {
      // This connection waits up to 60 s for a lock; the read must not (the test would time out).
      const columns = plain(await createMarketReader(db).saleColumns());
      expect(columns.soldAt).toEqual([T1, T2, T3]);
      expect(kept(other)).toEqual([]);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(60_000);
    } finally {
      other.exec('ROLLBACK');
    }
  });
});
