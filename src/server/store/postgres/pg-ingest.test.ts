import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedComputation } from '../../analytics/derived/derived-computation';
import {
  listingsCsv,
  openHandMarket,
  salesCsv,
  salesNdjson,
  writeTempFile,
} from '../../analytics/testing/hand-market';
import { expectSameAnalytics, expectSameReads } from '../../analytics/testing/reader-parity';
import type { Db } from '../sqlite/database';
import { ingestFile } from '../sqlite/sqlite-ingest';
import { createMarketReader } from '../sqlite/sqlite-market-reader';
import { openPgDatabase } from './pg-database';
import { pgIngestFile } from './pg-ingest';
import { createPgMarketReader } from './pg-market-reader';
import { openPgHandMarket } from './testing/pg-hand-market';
import { createTestDatabase, type TestDatabase } from './testing/test-postgres';

const NOW = Date.parse('2026-07-02T00:00:00Z');
/** The queries of the analytics tests on this market (market-analytics.test.ts): hits, misses, hints. */
const HAND_QUERIES = [
  'charizard',
  'chariz',
  'charizard OR blastoise',
  'charzard base set',
  'charzard psa 10 base set 4',
  'charizard base set psa 10',
  'charizard pikachu',
  'jungle charizard',
  'HOLO 1999 base',
  'Charizard #4',
  'not nice',
  'ohtani',
  'blastoise',
  '"1999 Pokemon Base Set Venusaur Holo"',
  '"1999 pokemon   base set VENUSAUR holo #15"',
];

describe('ingest on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = await openPgDatabase(database.url);
    db = await openHandMarket();
  });
  afterAll(async () => {
    db?.close();
    await pool?.end();
    await database?.drop();
  });

  const counts = async () =>
    (
      await pool.query(
        `SELECT (SELECT count(*) FROM cards) AS cards, (SELECT count(*) FROM sales) AS sales,
                (SELECT count(*) FROM listings) AS listings, (SELECT count(*) FROM snapshot_labels) AS snapshots,
                (SELECT value FROM market_meta WHERE key = 'data_version') AS version`,
      )
    ).rows[0];

  it('loads the hand-made market as SQLite does: the same results, then the same reads', async () => {
    const sales = await pgIngestFile(
      pool,
      derivedComputation,
      'sales',
      writeTempFile('sales.csv', salesCsv()),
      { now: NOW },
    );
    const listings = await pgIngestFile(
      pool,
      derivedComputation,
      'listings',
      writeTempFile('listings.csv', listingsCsv()),
      {
        now: NOW,
      },
    );
    const fresh = await openHandMarketResults();
    expect(sales).toStrictEqual(fresh.sales);
    expect(listings).toStrictEqual(fresh.listings);
    expect(
      await expectSameReads(createMarketReader(db), await createPgMarketReader(pool), 1),
    ).toBeGreaterThan(100);
    const { compared, answered } = await expectSameAnalytics(
      createMarketReader(db),
      await createPgMarketReader(pool),
      {
        step: 1,
        queries: HAND_QUERIES,
      },
    );
    expect(compared).toBeGreaterThan(150);
    expect(answered / compared).toBeGreaterThan(0.3);
  });

  it('gives other suites the same hand-made market (openPgHandMarket)', async () => {
    const hand = await openPgHandMarket();
    const fresh = await openHandMarket();
    try {
      await expectSameReads(createMarketReader(fresh), hand.reader, 1);
    } finally {
      fresh.close();
      await hand.close();
    }
  });

  it('adds nothing for rows it already has, and ends listings as SQLite does', async () => {
    const again = writeTempFile('sales.ndjson', salesNdjson());
    const before = await counts();
    const result = await pgIngestFile(pool, derivedComputation, 'sales', again, { now: NOW });
    expect(result).toStrictEqual(await ingestFile(db, derivedComputation, 'sales', again, { now: NOW }));
    expect(result.rebuilt).toBeNull();
    expect(await counts()).toStrictEqual(before);

    const [header, first] = listingsCsv().split('\n');
    const fields = (first as string).split(',');
    fields[2] = new Date(Date.parse(fields[1] as string) + 86_400_000).toISOString();
    const ending = writeTempFile('ended.csv', `${header}\n${fields.join(',')}\n`);
    const ended = await pgIngestFile(pool, derivedComputation, 'listings', ending, { now: NOW });
    expect(ended).toStrictEqual(await ingestFile(db, derivedComputation, 'listings', ending, { now: NOW }));
    expect(ended.ended).toBe(1);
    await expectSameReads(createMarketReader(db), await createPgMarketReader(pool), 1);
    await expectSameAnalytics(createMarketReader(db), await createPgMarketReader(pool), { step: 1 });
  });

  it('changes nothing when a file has a bad row, and reports every bad row as SQLite does', async () => {
    const lines = [
      'source_id,sold_at,category,label,title,grade,price',
      'new-1,2026-06-30T10:00:00Z,pokemon,Fossil,1999 Pokemon Fossil Zapdos Holo,PSA 9,80',
      'new-2,2026-06-30T11:00:00Z,pokemon,Fossil,1999 Pokemon Fossil Zapdos Holo,PSA 42,80',
      'new-1,2026-06-30T12:00:00Z,pokemon,Fossil,1999 Pokemon Fossil Zapdos Holo,PSA 9,81',
      'new-3,not a time,pokemon,Fossil,1999 Pokemon Fossil Zapdos Holo,PSA 9,-3',
      'new-3,2026-06-30T12:00:00Z,pokemon,Fossil,1999 Pokemon Fossil Zapdos Holo,PSA 9,81',
      'new-4,2026-06-30T13:00:00Z,pokemon,Fossil,1999 Pokemon Fossil Zapdos Holo,PSA 9,82',
    ];
    const bad = writeTempFile('bad.csv', `${lines.join('\n')}\n`);
    const before = await counts();
    const seen: number[] = [];
    const result = await pgIngestFile(pool, derivedComputation, 'sales', bad, {
      now: NOW,
      onBadRow: (row) => seen.push(row.line),
    });
    expect(result).toStrictEqual(await ingestFile(db, derivedComputation, 'sales', bad, { now: NOW }));
    expect(result.badRows).toBe(4);
    expect(result.added).toBe(0);
    expect(seen).toEqual([3, 4, 5, 6]);
    expect(await counts()).toStrictEqual(before);
    expect((await pool.query(`SELECT to_regclass('pg_temp.ingest_sales') AS t`)).rows[0].t).toBeNull();
  });

  it('imports a population report as SQLite does: stored, re-imported, an older one ignored, a bad one refused', async () => {
    const header = 'grader,category,label,title,grade,population,as_of';
    const charizard = 'PSA,pokemon,Base Set,1999 Pokemon Base Set Charizard Holo #4';
    const files = [
      [header, `${charizard},PSA 10,121,2026-06-30`, `${charizard},9,900,2026-06-30`],
      [header, `${charizard},PSA 10,121,2026-06-30`, `${charizard},9,900,2026-06-30`],
      [header, `${charizard},PSA 10,99,2026-06-01`, `${charizard},PSA 8,2400,2026-07-01`],
      [header, `${charizard},PSA 7,1,2026-07-01`, `${charizard},BGS 9.5,1,2026-07-01`],
    ].map((lines, i) => writeTempFile(`population-${i}.csv`, lines.join('\n')));
    const stored = async () =>
      (await pool.query('SELECT grade, population, as_of FROM population ORDER BY grade')).rows;
    for (const file of files) {
      const sqlite = await ingestFile(db, derivedComputation, 'population', file, { now: NOW });
      const postgres = await pgIngestFile(pool, derivedComputation, 'population', file, { now: NOW });
      expect({ ...postgres, dataVersion: null }).toStrictEqual({ ...sqlite, dataVersion: null });
      expect(postgres.dataVersion === null).toBe(sqlite.dataVersion === null);
    }
    expect(await stored()).toEqual([
      { grade: 'PSA 10', population: 121, as_of: '2026-06-30' },
      { grade: 'PSA 8', population: 2400, as_of: '2026-07-01' },
      { grade: 'PSA 9', population: 900, as_of: '2026-06-30' },
    ]);
    const reader = await createPgMarketReader(pool);
    expect(await reader.population('1999 pokemon base set charizard holo #4')).toEqual(
      await createMarketReader(db).population('1999 pokemon base set charizard holo #4'),
    );
  });
});

/** The results of loading the hand-made market into a fresh SQLite store (what openHandMarket does). */
async function openHandMarketResults() {
  const { openDatabase } = await import('../sqlite/database');
  const fresh = openDatabase(':memory:');
  try {
    const sales = await ingestFile(
      fresh,
      derivedComputation,
      'sales',
      writeTempFile('sales.csv', salesCsv()),
      { now: NOW },
    );
    const listings = await ingestFile(
      fresh,
      derivedComputation,
      'listings',
      writeTempFile('listings.csv', listingsCsv()),
      {
        now: NOW,
      },
    );
    return { sales, listings };
  } finally {
    fresh.close();
  }
}
