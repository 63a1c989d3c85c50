import { describe, expect, it } from 'vitest';
import { derivedComputation } from '../analytics/derived/derived-computation';
import { AS_OF, CARDS, ingestText, openHandMarket, writeTempFile } from '../analytics/testing/hand-market';
import { operationsOn } from '../analytics/testing/operations-on';
import type { Db } from '../store/sqlite/database';
import { ingestFile } from '../store/sqlite/sqlite-ingest';
import { readMarketState } from '../store/sqlite/sqlite-market-meta';
import { createMarketReader } from '../store/sqlite/sqlite-market-reader';

const HEADER = 'grader,category,label,title,grade,population,as_of';
const [, , CHARIZARD] = CARDS.charizard;
const row = (grade: string, population: number, asOf = '2026-06-30', grader = 'PSA') =>
  `${grader},pokemon,Base Set,${CHARIZARD},${grade},${population},${asOf}`;

const stored = (db: Db) =>
  db.prepare('SELECT grader, grade, population, as_of FROM population ORDER BY grade').all();

describe('population reports: npm run ingest -- population FILE', () => {
  it('stores each count by exact title and grade, and answers /v3/value with the count, those above and the date', async () => {
    const db = await openHandMarket();
    const version = readMarketState(db).dataVersion;
    const file = [
      HEADER,
      row('PSA 10', 121),
      row('PSA 9', 900),
      row('8', 2400),
      row('BGS 9.5', 40, '2026-06-01', 'BGS'),
    ];
    const result = await ingestText(db, 'population', 'pop.csv', file.join('\n'));
    expect(result).toMatchObject({ rows: 4, badRows: 0, added: 4, alreadyPresent: 0 });
    expect(readMarketState(db).dataVersion).toBe(version + 1);
    expect(stored(db)).toEqual([
      { grader: 'BGS', grade: 'BGS 9.5', population: 40, as_of: '2026-06-01' },
      { grader: 'PSA', grade: 'PSA 10', population: 121, as_of: '2026-06-30' },
      { grader: 'PSA', grade: 'PSA 8', population: 2400, as_of: '2026-06-30' },
      { grader: 'PSA', grade: 'PSA 9', population: 900, as_of: '2026-06-30' },
    ]);

    const market = operationsOn(createMarketReader(db));
    const exact = `"${CHARIZARD.toUpperCase()}"`;
    // PSA 9: 900 graded, 121 above it (the PSA 10s; BGS counts are another grader's).
    const nine = await market.enrichedValue({ q: exact, grade: 'PSA 9' });
    expect([nine.population, nine.population_higher, nine.population_as_of]).toEqual([
      900,
      121,
      '2026-06-30',
    ]);
    // Every rung of the one-card ladder carries its grade's counts (Raw and unreported grades null).
    const ladder = (await market.enrichedValue({ q: exact })).by_grade;
    const rung = (grade: string) => ladder.find((entry) => entry.grade === grade);
    expect([
      rung('PSA 9')?.population,
      rung('PSA 9')?.population_higher,
      rung('PSA 9')?.population_as_of,
    ]).toEqual([900, 121, '2026-06-30']);
    expect([rung('PSA 10')?.population, rung('PSA 10')?.population_higher]).toEqual([121, 0]);
    for (const other of ladder.filter(
      (entry) => !['PSA 8', 'PSA 9', 'PSA 10', 'BGS 9.5'].includes(entry.grade),
    ))
      expect([other.population, other.population_higher, other.population_as_of], other.grade).toEqual([
        null,
        null,
        null,
      ]);
    const ten = await market.enrichedValue({ q: exact, grade: 'PSA 10' });
    expect([ten.population, ten.population_higher]).toEqual([121, 0]);
    // No grade, or several cards: no population.
    const noGrade = await market.enrichedValue({ q: exact });
    expect([noGrade.population, noGrade.population_higher, noGrade.population_as_of]).toEqual([
      null,
      null,
      null,
    ]);
    const several = await market.enrichedValue({ q: 'charizard', grade: 'PSA 10' });
    expect((several.matched_cards ?? []).length).toBeGreaterThan(1);
    expect(several.population).toBeNull();
  });

  it('a re-import changes nothing; an older report is ignored, a newer one replaces', async () => {
    const db = await openHandMarket();
    await ingestText(db, 'population', 'pop.csv', [HEADER, row('PSA 10', 121), row('PSA 9', 900)].join('\n'));
    const version = readMarketState(db).dataVersion;

    const again = await ingestText(
      db,
      'population',
      'pop.csv',
      [HEADER, row('PSA 10', 121), row('PSA 9', 900)].join('\n'),
    );
    expect(again).toMatchObject({ added: 0, alreadyPresent: 2, dataVersion: null });
    expect(readMarketState(db).dataVersion).toBe(version);

    const older = await ingestText(
      db,
      'population',
      'old.csv',
      [HEADER, row('PSA 10', 100, '2026-05-01')].join('\n'),
    );
    expect(older).toMatchObject({ added: 0, alreadyPresent: 1 });
    const newer = await ingestText(
      db,
      'population',
      'new.csv',
      [HEADER, row('PSA 10', 130, '2026-07-01'), row('PSA 7', 5, '2026-07-01')].join('\n'),
    );
    expect(newer).toMatchObject({ added: 2, alreadyPresent: 0, dataVersion: version + 1 });
    expect(stored(db)).toEqual([
      { grader: 'PSA', grade: 'PSA 10', population: 130, as_of: '2026-07-01' },
      { grader: 'PSA', grade: 'PSA 7', population: 5, as_of: '2026-07-01' },
      { grader: 'PSA', grade: 'PSA 9', population: 900, as_of: '2026-06-30' },
    ]);
  });

  it('refuses the whole file for any bad row, naming each line and reason', async () => {
    const db = await openHandMarket();
    const version = readMarketState(db).dataVersion;
    const file = [
      HEADER,
      row('PSA 10', 121),
      row('BGS 9.5', 3),
      row('Raw', 3),
      row('PSA 11', 3),
      row('PSA 9', -1),
      row('PSA 9', 2.5),
      row('PSA 8', 4, '2026-02-30'),
      row('PSA 8', 4, '2026-07-05'),
      row('PSA 7', 4, '2026-06-30', 'XYZ'),
      row('PSA 10', 122),
      `PSA,pokemons,Base Set,${CHARIZARD},PSA 6,4,2026-06-30`,
    ];
    const path = writeTempFile('bad.csv', file.join('\n'));
    const result = await ingestFile(db, derivedComputation, 'population', path, { now: AS_OF });
    expect(result.badRows).toBe(10);
    expect(result.errors.map((bad) => bad.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const reasons = result.errors.map((bad) => bad.reason);
    expect(reasons[0]).toBe('grade "BGS 9.5" is not a grade of PSA');
    expect(reasons[1]).toBe(`grade "Raw" is not a grader's grade (such as PSA 10 or BGS 9.5)`);
    expect(reasons[2]).toBe(`grade "PSA 11" is not a grader's grade (such as PSA 10 or BGS 9.5)`);
    expect(reasons[3]).toBe('population "-1" is not a whole number from 0 to 100,000,000');
    expect(reasons[4]).toBe('population "2.5" is not a whole number from 0 to 100,000,000');
    expect(reasons[5]).toBe('as_of "2026-02-30" is not a date as YYYY-MM-DD');
    expect(reasons[6]).toBe('as_of 2026-07-05 is before 1900 or after tomorrow');
    expect(reasons[7]).toBe('unknown grader "XYZ" (one of: PSA, BGS, CGC, SGC, TAG)');
    expect(reasons[8]).toBe(`${CHARIZARD} PSA 10 given twice (first on line 2)`);
    expect(reasons[9]).toMatch(/^unknown category "pokemons"/);
    expect(stored(db)).toEqual([]);
    expect(readMarketState(db).dataVersion).toBe(version);
  });
});
