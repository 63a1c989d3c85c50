/**
 * How much the demo market looks like the real one (shared/market-references.md), measured on a
 * seeded store with SQL alone, so that the same figures can be taken of any store file (the old
 * generator's included): `tsx e2e/bench/market-realism.ts FILE` prints them.
 */
import type { Db } from '../../src/server/store/sqlite/database';
import { DAY_MS } from '../../src/server/store/time';
import { median } from './median';

export interface RealismFigures {
  gradedUnder15Share: number;
  gradedAtOneDollar: number;
  categoryFloorsAtOneDollar: number;
  /** Median PSA 10 / PSA 9 ratio of the cards' 365-day medians, by the era of the title's year. */
  psa10To9ByEra: { era: string; cards: number; ratio: number }[];
  moversLargestAbsPct: number;
  moversMedianAbsPct: number;
  /** Median ask / median of the same card and grade's sales in the 30 days to the as-of. */
  askToSaleFresh: number;
  askToSaleOld: number;
}

const ERAS: [string, number, number][] = [
  ['before 1980', 0, 1979],
  ['1980-1999', 1980, 1999],
  ['2000-2015', 2000, 2015],
  ['2016 on', 2016, 9999],
];

export function measureRealism(db: Db): RealismFigures {
  const asOfMs = db.prepare('SELECT max(sold_at) FROM sales').pluck().get() as number;
  const graded = db
    .prepare(
      `SELECT count(*) AS n, sum(price < 15) AS under, sum(price = 1) AS one FROM sales WHERE grade <> 'Raw'`,
    )
    .get() as { n: number; under: number; one: number };
  const snapshotDate = db.prepare('SELECT max(day) FROM snapshot_categories').pluck().get() as string;
  const floorsAtOne = db
    .prepare('SELECT count(*) FROM snapshot_categories WHERE day = ? AND floor_min <= 1')
    .pluck()
    .get(snapshotDate) as number;

  const ladders = db
    .prepare(
      `SELECT c.title, median(CASE WHEN s.grade = 'PSA 10' THEN s.price END) AS p10,
              median(CASE WHEN s.grade = 'PSA 9' THEN s.price END) AS p9
         FROM sales s JOIN cards c ON c.id = s.card_id
        WHERE s.sold_at > ? AND s.grade IN ('PSA 10', 'PSA 9')
        GROUP BY s.card_id
       HAVING p10 IS NOT NULL AND p9 IS NOT NULL`,
    )
    .all(asOfMs - 365 * DAY_MS) as { title: string; p10: number; p9: number }[];
  const psa10To9ByEra = ERAS.map(([era, from, to]) => {
    const ratios = ladders
      .filter((row) => {
        const year = Number(/^\d{4}/.exec(row.title)?.[0] ?? 0);
        return year >= from && year <= to;
      })
      .map((row) => row.p10 / row.p9);
    return { era, cards: ratios.length, ratio: ratios.length > 0 ? median(ratios) : Number.NaN };
  });

  const movers = db
    .prepare('SELECT abs(pct_change) FROM label_movers ORDER BY abs(pct_change) DESC LIMIT 100')
    .pluck()
    .all() as number[];

  // A repriced listing is a chain of rows, each starting when the one before ended (same card and
  // grade): the age of an active ask is the age of its chain's first row.
  const recent = new Map(
    (
      db
        .prepare(
          `SELECT card_id || ' ' || grade AS cell, median(price) AS m FROM sales WHERE sold_at > ?
            GROUP BY card_id, grade HAVING count(*) >= 2`,
        )
        .all(asOfMs - 30 * DAY_MS) as { cell: string; m: number }[]
    ).map((row) => [row.cell, row.m]),
  );
  const listings = db
    .prepare(`SELECT card_id || ' ' || grade AS cell, price, listed_at, ended_at FROM listings`)
    .raw()
    .all() as [string, number, number, number | null][];
  const previousStart = new Map<string, number>();
  for (const [cell, , listedAt, endedAt] of listings) {
    if (endedAt !== null) previousStart.set(`${cell} ${endedAt}`, listedAt);
  }
  const fresh: number[] = [];
  const old: number[] = [];
  for (const [cell, price, listedAt, endedAt] of listings) {
    if (listedAt > asOfMs || (endedAt !== null && endedAt <= asOfMs)) continue;
    const m = recent.get(cell);
    if (m === undefined) continue;
    let start = listedAt;
    for (let hops = 0; hops < 1000; hops += 1) {
      const before = previousStart.get(`${cell} ${start}`);
      if (before === undefined) break;
      start = before;
    }
    const age = (asOfMs - start) / DAY_MS;
    if (age <= 7) fresh.push(price / m);
    else if (age >= 30) old.push(price / m);
  }
  const askRatios = (ratios: number[]) => (ratios.length > 0 ? median(ratios) : Number.NaN);

  return {
    gradedUnder15Share: graded.under / graded.n,
    gradedAtOneDollar: graded.one,
    categoryFloorsAtOneDollar: floorsAtOne,
    psa10To9ByEra,
    moversLargestAbsPct: movers[0] ?? Number.NaN,
    moversMedianAbsPct: movers.length > 0 ? median(movers) : Number.NaN,
    askToSaleFresh: askRatios(fresh),
    askToSaleOld: askRatios(old),
  };
}

/** The figures as markdown table rows: `| measure | value |`. */
export function realismRows(figures: RealismFigures): [string, string][] {
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  return [
    ['graded sales under $15', pct(figures.gradedUnder15Share)],
    ['graded sales at exactly $1.00', figures.gradedAtOneDollar.toLocaleString('en-US')],
    ['category floors at $1.00 or less (latest snapshot)', String(figures.categoryFloorsAtOneDollar)],
    ...figures.psa10To9ByEra.map((row): [string, string] => [
      `median PSA 10 / PSA 9, cards of ${row.era} (${row.cards} cards)`,
      Number.isNaN(row.ratio) ? 'n/a' : row.ratio.toFixed(2),
    ]),
    ['largest \\|pct_change\\| of /v1/movers?limit=100', `${figures.moversLargestAbsPct.toFixed(1)} %`],
    ['median \\|pct_change\\| of /v1/movers?limit=100', `${figures.moversMedianAbsPct.toFixed(1)} %`],
    ['median ask / recent sales, listings up to 7 days old', figures.askToSaleFresh.toFixed(2)],
    ['median ask / recent sales, listings 30 days old or more', figures.askToSaleOld.toFixed(2)],
  ];
}

if (process.argv[1]?.endsWith('market-realism.ts') && process.argv[2]) {
  const { openDatabase } = await import('../../src/server/store/sqlite/database');
  const db = openDatabase(process.argv[2], { readonly: true });
  for (const [measure, value] of realismRows(measureRealism(db))) console.log(`| ${measure} | ${value} |`);
  db.close();
}
