import { describe, expect, it } from 'vitest';
import { derivedComputation } from '../analytics/derived/derived-computation';
import {
  ingestText,
  listingsCsv,
  listingsNdjson,
  openHandMarket,
  salesCsv,
  salesNdjson,
  writeTempFile,
} from '../analytics/testing/hand-market';
import { operationsOn } from '../analytics/testing/operations-on';
import { type Db, openDatabase } from '../store/sqlite/database';
import { ingestFile } from '../store/sqlite/sqlite-ingest';
import { readMarketState } from '../store/sqlite/sqlite-market-meta';
import { createMarketReader } from '../store/sqlite/sqlite-market-reader';
import { MAX_RECORD_BYTES } from './read-records';

const HEADER = 'source_id,sold_at,category,label,title,grade,price';
const GOOD = 'ok-1,2026-07-01T10:00:00Z,pokemon,Base Set,1999 Pokemon Base Set Charizard Holo #4,PSA 10,100';

function dump(db: Db) {
  return {
    cards: db.prepare('SELECT id, category, label, title FROM cards ORDER BY id').all(),
    sales: db.prepare('SELECT card_id, grade, price, sold_at, source_id FROM sales ORDER BY source_id').all(),
    listings: db
      .prepare(
        'SELECT card_id, grade, price, listed_at, ended_at, source_id FROM listings ORDER BY source_id',
      )
      .all(),
    snapshots: db.prepare('SELECT * FROM snapshot_categories ORDER BY day, category').all(),
    movers: db.prepare('SELECT * FROM label_movers ORDER BY category, label').all(),
  };
}

describe('ingest: all or nothing', () => {
  it('changes nothing when any row is bad, and names every bad line with its reason', async () => {
    const db = await openHandMarket();
    const before = dump(db);
    const version = readMarketState(db).dataVersion;
    const file = [
      HEADER,
      GOOD,
      'bad-1,2026-07-01,pokemons,Base Set,Some Card,PSA 10,10',
      'bad-2,2026-07-01,pokemon,Base Set,Some Card,PSA 11,10',
      'bad-3,2026-02-30,pokemon,Base Set,Some Card,PSA 10,10',
      'bad-4,2026-07-01,pokemon,Base Set,Some Card,PSA 10,-5',
      'bad-5,2026-07-01,pokemon,Base Set,Some Card,PSA 10,',
      'ok-1,2026-07-01,pokemon,Base Set,Some Card,PSA 10,10',
      'bad-7,2026-07-01,pokemon,Base Set,Some Card,PSA 10,10,extra',
      ',yesterday,,,,,abc',
    ].join('\n');
    const seen: number[] = [];
    const result = await ingestFile(db, derivedComputation, 'sales', writeTempFile('bad.csv', file), {
      onBadRow: (bad) => seen.push(bad.line),
    });
    expect(result.badRows).toBe(8);
    expect(result.errors.map((bad) => bad.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(seen.sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    const reasons = result.errors.map((bad) => bad.reason);
    expect(reasons[0]).toMatch(/unknown category "pokemons"/);
    expect(reasons[1]).toMatch(/grade "PSA 11" is not a grade/);
    expect(reasons[2]).toMatch(/sold_at "2026-02-30" is not a date/);
    expect(reasons[3]).toMatch(/negative price/);
    expect(reasons[4]).toMatch(/missing price/);
    expect(reasons[5]).toMatch(/duplicate source_id "ok-1" \(first on line 2\)/);
    expect(reasons[6]).toMatch(/unreadable CSV record/);
    expect(reasons[7]).toMatch(
      /missing source_id.*sold_at.*missing category.*missing label.*missing title.*missing grade.*price "abc"/,
    );
    expect([result.added, result.rebuilt]).toEqual([0, null]);
    expect(dump(db)).toEqual(before);
    expect(readMarketState(db).dataVersion).toBe(version);
  });

  it('a stray quote is one bad line that names its line once; a price above $100 billion says the limit', async () => {
    const db = await openHandMarket();
    const file = [
      HEADER,
      'big-1,2026-07-01,pokemon,Base Set,Some Card,PSA 10,100000000000.01',
      'top-1,2026-07-01,pokemon,Base Set,Some Card,PSA 10,100000000000',
      'q-1,2026-07-01,pokemon,Base Set,"Some "Card,PSA 10,10',
    ].join('\n');
    const result = await ingestFile(db, derivedComputation, 'sales', writeTempFile('quote.csv', file));
    expect(result.errors.map((bad) => bad.line)).toEqual([2, 4]);
    expect(result.errors[0]?.reason).toBe(
      'price 100000000000.01 is above 100,000,000,000, the most a price may be',
    );
    const quote = result.errors[1]?.reason ?? '';
    expect(quote).toMatch(/^unreadable CSV record: Invalid Closing Quote: got "C" instead of delimiter/);
    expect(quote).not.toMatch(/line/);
  });

  it('refuses a file whose header lacks a column, on line 1', async () => {
    const db = openDatabase(':memory:');
    const result = await ingestFile(
      db,
      derivedComputation,
      'sales',
      writeTempFile('s.csv', 'source_id,sold_at,category,label,title,price\n'),
    );
    expect(result.errors).toEqual([{ line: 1, reason: expect.stringMatching(/lacks the column grade/) }]);
    expect(db.prepare('SELECT count(*) FROM sales').pluck().get()).toBe(0);
  });

  it('refuses a record over 1 MB by its line: an NDJSON line and what follows it, a CSV record and the end', async () => {
    const db = await openHandMarket();
    const before = dump(db);
    const good = JSON.parse(salesNdjson().split('\n')[0] as string);
    const long = JSON.stringify({ ...good, source_id: 'long', title: 'x'.repeat(MAX_RECORD_BYTES) });
    const ndjson = [JSON.stringify(good), long, '[1]', JSON.stringify({ ...good, source_id: 'after' })].join(
      '\r\n',
    );
    const fromNdjson = await ingestFile(db, derivedComputation, 'sales', writeTempFile('l.ndjson', ndjson));
    expect(fromNdjson.rows).toBe(2);
    expect(fromNdjson.errors).toEqual([
      { line: 2, reason: 'a record over 1 MB (1,048,576 bytes), the most one may have' },
      { line: 3, reason: 'not a JSON object (NDJSON wants one object per line)' },
    ]);
    // Exactly at the limit is a record like any other (here a title too long for its own rule).
    const atLimit = JSON.stringify({ ...good, source_id: 'edge', title: '' });
    const edge = `${atLimit.slice(0, -1)}${' '.repeat(MAX_RECORD_BYTES - atLimit.length)}}`;
    expect(Buffer.byteLength(edge)).toBe(MAX_RECORD_BYTES);
    const fromEdge = await ingestFile(db, derivedComputation, 'sales', writeTempFile('e.ndjson', edge));
    expect(fromEdge.errors.map((bad) => bad.reason)).not.toContain(
      'a record over 1 MB (1,048,576 bytes), the most one may have',
    );
    const csv = [
      HEADER,
      GOOD,
      `big-1,2026-07-01,pokemon,Base Set,${'y'.repeat(MAX_RECORD_BYTES)},PSA 10,10`,
      GOOD,
    ].join('\n');
    const fromCsv = await ingestFile(db, derivedComputation, 'sales', writeTempFile('l.csv', csv));
    expect(fromCsv.errors).toEqual([
      {
        line: 3,
        reason: 'a record over 1 MB (1,048,576 bytes), the most one may have; nothing after it was read',
      },
    ]);
    expect(dump(db)).toEqual(before);
  });

  it('reports NDJSON lines that are not objects, with their line numbers', async () => {
    const db = openDatabase(':memory:');
    const good = JSON.parse(salesNdjson().split('\n')[0] as string);
    const text = [
      JSON.stringify(good),
      '',
      '[1, 2]',
      '{"source_id": "x"',
      JSON.stringify({ ...good, source_id: 'z', price: -1 }),
    ].join('\n');
    const result = await ingestFile(db, derivedComputation, 'sales', writeTempFile('s.ndjson', text));
    expect(result.errors.map((bad) => bad.line)).toEqual([3, 4, 5]);
    expect(result.errors[2]?.reason).toMatch(/negative price -1/);
    expect(db.prepare('SELECT count(*) FROM sales').pluck().get()).toBe(0);
  });
});

describe('ingest: idempotent and format-blind', () => {
  it('adds nothing when the same file is imported again', async () => {
    const db = await openHandMarket();
    const before = dump(db);
    const version = readMarketState(db).dataVersion;
    const again = await ingestText(db, 'sales', 'sales.csv', salesCsv());
    expect([again.added, again.alreadyPresent, again.newCards, again.rebuilt]).toEqual([
      0,
      again.rows,
      0,
      null,
    ]);
    const listingsAgain = await ingestText(db, 'listings', 'listings.csv', listingsCsv());
    expect([listingsAgain.added, listingsAgain.ended]).toEqual([0, 0]);
    expect(dump(db)).toEqual(before);
    expect(readMarketState(db).dataVersion).toBe(version);
  });

  it('builds the same store from CSV and from NDJSON (detected by content)', async () => {
    const fromCsv = await openHandMarket();
    const fromNdjson = openDatabase(':memory:');
    const sales = await ingestText(fromNdjson, 'sales', 'sales-feed', salesNdjson());
    expect(sales.format).toBe('ndjson');
    await ingestText(fromNdjson, 'listings', 'listings.jsonl', listingsNdjson());
    expect(dump(fromNdjson)).toEqual(dump(fromCsv));
    const a = operationsOn(createMarketReader(fromCsv));
    const b = operationsOn(createMarketReader(fromNdjson));
    expect(await b.enrichedValue({ q: 'charizard' })).toEqual(await a.enrichedValue({ q: 'charizard' }));
    expect(await b.index({})).toEqual(await a.index({}));
  });

  it('canonicalises grades and categories, and marks a known listing ended when a later file says so', async () => {
    const db = openDatabase(':memory:');
    const header = 'source_id,listed_at,ended_at,category,label,title,grade,price';
    const row = (ended: string) =>
      `l-1,2026-06-01T00:00:00Z,${ended},Pokemon,Base Set,1999 Pokemon Base Set Charizard Holo #4,psa-10,120`;
    await ingestText(db, 'listings', 'a.csv', `${header}\n${row('')}\n`);
    expect(db.prepare('SELECT grade, ended_at FROM listings').get()).toEqual({
      grade: 'PSA 10',
      ended_at: null,
    });
    expect(db.prepare('SELECT category FROM cards').pluck().get()).toBe('pokemon');
    const later = await ingestText(db, 'listings', 'b.csv', `${header}\n${row('2026-06-03T12:00:00Z')}\n`);
    expect([later.added, later.ended]).toEqual([0, 1]);
    expect(db.prepare('SELECT ended_at FROM listings').pluck().get()).toBe(
      Date.parse('2026-06-03T12:00:00Z'),
    );
    // the snapshot now runs to the day the listing ended
    expect(readMarketState(db).snapshotDate).toBe('2026-06-03');
  });

  it('keeps prices to the cent, exactly through the analytics, and refuses a price that rounds to 0', async () => {
    const db = openDatabase(':memory:');
    const row = (id: string, price: string) =>
      `${id},2026-07-01T10:00:00Z,tcg,Disney Lorcana,2023 Disney Lorcana The First Chapter Elsa Spirit of Winter #207 Enchanted,PSA 10,${price}`;
    const refused = await ingestFile(
      db,
      derivedComputation,
      'sales',
      writeTempFile('s.csv', `${HEADER}\n${row('p0', '0.004')}\n`),
    );
    expect(refused.errors).toEqual([{ line: 2, reason: 'price must be at least 0.01' }]);
    await ingestText(
      db,
      'sales',
      's.csv',
      `${HEADER}\n${row('p1', '0.07')}\n${row('p2', '1234.565')}\n${row('p3', '99.99')}\n`,
    );
    expect(db.prepare('SELECT price FROM sales ORDER BY price').pluck().all()).toEqual([
      0.07, 99.99, 1234.57,
    ]);
    const data = await operationsOn(createMarketReader(db)).value({ q: 'elsa enchanted' });
    // 0.07, 99.99, 1234.57: p25 rank 0.5 = 50.03, median 99.99, p75 rank 1.5 = 667.28, avg 444.8767
    expect([data.min, data.low, data.value, data.high, data.max, data.avg]).toEqual([
      0.07, 50.03, 99.99, 667.28, 1234.57, 444.88,
    ]);
  });

  it('rebuilds the derived tables and bumps the data version after an import that adds rows', async () => {
    const db = await openHandMarket();
    const analytics = operationsOn(createMarketReader(db));
    const version = readMarketState(db).dataVersion;
    expect((await analytics.floor({})).as_of).toBe('2026-06-01');
    const header = 'source_id,listed_at,ended_at,category,label,title,grade,price';
    await ingestText(
      db,
      'listings',
      'new.csv',
      `${header}\nnew-1,2026-06-05T09:00:00Z,,wnba,Panini Prizm WNBA,2024 Panini Prizm WNBA Caitlin Clark #22 RC,PSA 10,400\n`,
    );
    expect(readMarketState(db).dataVersion).toBe(version + 1);
    const floor = await analytics.floor({});
    expect(floor.as_of).toBe('2026-06-05');
    expect(floor.categories[0]).toMatchObject({ category: 'wnba', total_value: 400 });
  });
});

describe('ingest: dates', () => {
  /** The imports of these tests run at this instant, a half day after the hand market's last sale. */
  const NOW = Date.parse('2026-07-02T00:00:00Z');
  const LATEST = new Date(NOW + 86_400_000).toISOString();
  const FUTURE = `is later than one day after the import (latest accepted ${LATEST})`;
  const YEAR = 'a year must be 4 digits from 1900';
  const OFFSET = 'an offset is Z or ±hh:mm, at most ±14:00, with minutes below 60';
  const CARD = 'pokemon,Base Set,1999 Pokemon Base Set Charizard Holo #4,PSA 10,100';
  const LISTINGS_HEADER = 'source_id,listed_at,ended_at,category,label,title,grade,price';

  function counts(db: Db) {
    const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    return {
      sales: count('sales'),
      listings: count('listings'),
      cards: count('cards'),
      snapshots: count('snapshot_categories'),
      state: readMarketState(db),
    };
  }

  it('refuses a file with a future, short-year, pre-1900 or impossible-offset sale, and changes nothing', async () => {
    const db = await openHandMarket();
    const before = dump(db);
    const beforeCounts = counts(db);
    expect(beforeCounts.state.asOfMs).toBe(Date.parse('2026-07-01T12:00:00Z'));
    const file = [
      HEADER,
      GOOD,
      `d-1,2030-01-01T00:00:00Z,${CARD}`,
      `d-2,0026-11-20,${CARD}`,
      `d-3,26-11-20,${CARD}`,
      `d-4,2026-07-01T10:00:00+23:99,${CARD}`,
      `d-5,1899-12-31,${CARD}`,
      `d-6,2026-07-03T00:00:00.001Z,${CARD}`,
      // exactly one day after the import: accepted
      `d-7,2026-07-03T00:00:00Z,${CARD}`,
    ].join('\n');
    const result = await ingestFile(db, derivedComputation, 'sales', writeTempFile('dates.csv', file), {
      now: NOW,
    });
    expect(result.errors).toEqual([
      { line: 3, reason: `sold_at "2030-01-01T00:00:00Z" ${FUTURE}` },
      { line: 4, reason: `sold_at "0026-11-20" has the year "0026": ${YEAR}` },
      { line: 5, reason: `sold_at "26-11-20" has the year "26": ${YEAR}` },
      { line: 6, reason: `sold_at "2026-07-01T10:00:00+23:99" has the offset "+23:99": ${OFFSET}` },
      { line: 7, reason: `sold_at "1899-12-31" has the year "1899": ${YEAR}` },
      { line: 8, reason: `sold_at "2026-07-03T00:00:00.001Z" ${FUTURE}` },
    ]);
    expect([result.added, result.rebuilt]).toEqual([0, null]);
    expect(counts(db)).toEqual(beforeCounts);
    expect(dump(db)).toEqual(before);

    // without the bad rows the file imports, and the sale dated at the limit becomes the as-of
    const good = [HEADER, GOOD, `d-7,2026-07-03T00:00:00Z,${CARD}`].join('\n');
    const imported = await ingestFile(db, derivedComputation, 'sales', writeTempFile('good.csv', good), {
      now: NOW,
    });
    expect([imported.badRows, imported.added]).toEqual([0, 2]);
    expect(readMarketState(db).asOfMs).toBe(NOW + 86_400_000);
  });

  it('refuses a listing listed or ended in the far future (which would grow the snapshots to that day)', async () => {
    const db = await openHandMarket();
    const before = dump(db);
    const beforeCounts = counts(db);
    const file = [
      LISTINGS_HEADER,
      `n-1,2026-06-20T09:00:00Z,,${CARD}`,
      `n-2,2036-01-01T00:00:00Z,,${CARD}`,
      `n-3,2026-06-20T09:00:00Z,2036-01-01T00:00:00Z,${CARD}`,
      `n-4,2026-06-20T09:00:00Z,0026-06-21,${CARD}`,
      `n-5,2026-06-20T09:00:00-14:30,,${CARD}`,
    ].join('\n');
    const result = await ingestFile(db, derivedComputation, 'listings', writeTempFile('l.csv', file), {
      now: NOW,
    });
    expect(result.errors).toEqual([
      { line: 3, reason: `listed_at "2036-01-01T00:00:00Z" ${FUTURE}` },
      { line: 4, reason: `ended_at "2036-01-01T00:00:00Z" ${FUTURE}` },
      { line: 5, reason: `ended_at "0026-06-21" has the year "0026": ${YEAR}` },
      { line: 6, reason: `listed_at "2026-06-20T09:00:00-14:30" has the offset "-14:30": ${OFFSET}` },
    ]);
    expect(counts(db)).toEqual(beforeCounts);
    expect(dump(db)).toEqual(before);
  });

  it('takes the time of the import from the clock unless told', async () => {
    const db = openDatabase(':memory:');
    const tomorrowAndAMinute = new Date(Date.now() + 86_400_000 + 60_000).toISOString();
    const result = await ingestFile(
      db,
      derivedComputation,
      'sales',
      writeTempFile('s.csv', `${HEADER}\nf-1,${tomorrowAndAMinute},${CARD}\n`),
    );
    expect(result.errors).toEqual([
      { line: 2, reason: expect.stringMatching(/^sold_at ".*" is later than one day after the import/) },
    ]);
    // the same row is fine for an import that runs two days from now
    const later = await ingestFile(
      db,
      derivedComputation,
      'sales',
      writeTempFile('s.csv', `${HEADER}\nf-1,${tomorrowAndAMinute},${CARD}\n`),
      { now: Date.now() + 2 * 86_400_000 },
    );
    expect([later.badRows, later.added]).toEqual([0, 1]);
  });

  it('refuses an empty file (no header, no JSON line) but imports nothing from a header without rows', async () => {
    const db = await openHandMarket();
    const before = dump(db);
    const beforeCounts = counts(db);
    const needs = 'source_id, sold_at, category, label, title, grade, price';
    for (const [name, content, reason] of [
      ['empty.csv', '', `the file is empty: no header line (needs: ${needs})`],
      ['bom.csv', '\uFEFF\n\n', `the file is empty: no header line (needs: ${needs})`],
      ['sales-feed', '', `the file is empty: no header line (needs: ${needs})`],
      ['empty.ndjson', '', 'the file is empty: no JSON object (NDJSON wants one object per line)'],
      ['blank.jsonl', '\n  \n', 'the file is empty: no JSON object (NDJSON wants one object per line)'],
    ] as const) {
      const result = await ingestFile(db, derivedComputation, 'sales', writeTempFile(name, content), {
        now: NOW,
      });
      expect([name, result.rows, result.badRows, result.errors]).toEqual([name, 0, 1, [{ line: 1, reason }]]);
    }
    const headerOnly = await ingestFile(
      db,
      derivedComputation,
      'sales',
      writeTempFile('h.csv', `${HEADER}\n`),
      { now: NOW },
    );
    expect([headerOnly.rows, headerOnly.badRows, headerOnly.added, headerOnly.rebuilt]).toEqual([
      0,
      0,
      0,
      null,
    ]);
    expect(counts(db)).toEqual(beforeCounts);
    expect(dump(db)).toEqual(before);
  });
});
