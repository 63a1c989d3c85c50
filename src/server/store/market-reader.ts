import type { Db } from './database';
import { type MarketState, stateFromRows } from './market-meta';

/**
 * Every read the analytics make, behind one interface so that the SQL stays in this module and a
 * PostgreSQL implementation can follow (docs/data-model.md). Rows are unrounded; the analytics
 * round on output.
 */
export interface SnapshotRow {
  day: string;
  category: string;
  listings: number;
  avg: number;
  median: number;
  floor_min: number;
  total_value: number;
}

export interface CategorySnapshotRow extends SnapshotRow {
  labels: number;
}

export interface LabelSnapshotRow extends SnapshotRow {
  label: string;
}

export interface MoverRow {
  category: string;
  label: string;
  current_avg: number;
  prev_avg: number;
  current_n: number;
  prev_n: number;
  pct_change: number;
}

export interface CardRow {
  id: number;
  category: string;
  label: string;
  title: string;
}

/** Prices and grades of sales, column-wise, in ascending price order (what sold and value need). */
export interface SalePrices {
  /** Ascending. */
  price: Float64Array;
  /** The grade of each sale as its code: codes follow the grade ladder (a lower code, a lower grade). */
  gradeCode: Uint8Array;
  /** The canonical grade of each code. */
  gradeOfCode: readonly string[];
}

export interface SaleFilter {
  /** Exclusive lower bound, UTC epoch ms. */
  afterMs: number;
  /** Inclusive upper bound, UTC epoch ms. */
  untilMs: number;
  grade?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
}

export interface MarketReader {
  state(): MarketState;
  categorySnapshot(day: string): CategorySnapshotRow[];
  labelSnapshot(day: string, category: string): LabelSnapshotRow[];
  categorySeries(range: { from: string; to: string; category?: string | undefined }): SnapshotRow[];
  labelSeries(range: {
    label: string;
    from: string;
    to: string;
    category?: string | undefined;
  }): SnapshotRow[];
  labelExists(label: string, category?: string): boolean;
  movers(category?: string): MoverRow[];
  /** Ids of the cards whose title contains every word (whole words, any order). */
  matchCards(words: string[]): number[];
  cards(ids: number[]): CardRow[];
  salePrices(cardIds: number[], filter: SaleFilter): SalePrices;
  /** Prices of the selection split at a time: sold at or before it, and after it. */
  pricesAround(cardIds: number[], filter: SaleFilter, splitMs: number): { before: number[]; after: number[] };
  /** Per card id with a sale in the selection: its sales and the time of its latest one. */
  cardSales(cardIds: number[], filter: SaleFilter): Map<number, { sales: number; lastSoldAt: number }>;
  /** The highest price a card sold for at exactly `soldAt` within the selection, or null. */
  priceAt(cardId: number, soldAt: number, filter: SaleFilter): number | null;
}

/** FTS5 query of whole words, each quoted so that no word is read as FTS5 syntax. */
export function ftsWordsQuery(words: string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' ');
}

/** Grade codes are below this (see migrations 002-grade-codes and 003-sales-price-grade). */
const GRADE_CODE_SPAN = 128;

export function createMarketReader(db: Db): MarketReader {
  const stateStmt = db.prepare('SELECT key, value FROM market_meta');
  const categorySnapshotStmt = db.prepare(
    `SELECT day, category, labels, listings, avg, median, floor_min, total_value
       FROM snapshot_categories WHERE day = ?`,
  );
  const labelSnapshotStmt = db.prepare(
    `SELECT day, category, label, listings, avg, median, floor_min, total_value
       FROM snapshot_labels WHERE day = ? AND category = ?`,
  );
  const categorySeriesStmt = db.prepare(
    `SELECT day, category, listings, avg, median, floor_min, total_value
       FROM snapshot_categories
      WHERE day BETWEEN @from AND @to AND (@category IS NULL OR category = @category)
      ORDER BY day, category`,
  );
  const labelSeriesStmt = db.prepare(
    `SELECT day, category, listings, avg, median, floor_min, total_value
       FROM snapshot_labels
      WHERE label = @label COLLATE NOCASE AND day BETWEEN @from AND @to
        AND (@category IS NULL OR category = @category)
      ORDER BY day, category`,
  );
  const labelExistsStmt = db.prepare(
    `SELECT 1 FROM cards WHERE label = @label COLLATE NOCASE AND (@category IS NULL OR category = @category)
      LIMIT 1`,
  );
  const moversStmt = db.prepare(
    `SELECT category, label, current_avg, prev_avg, current_n, prev_n, pct_change
       FROM label_movers WHERE (@category IS NULL OR category = @category)
      ORDER BY abs(pct_change) DESC, label, category`,
  );
  const matchStmt = db
    .prepare('SELECT rowid FROM card_search WHERE card_search MATCH ? ORDER BY rowid')
    .pluck();
  const cardsStmt = db.prepare(
    'SELECT id, category, label, title FROM cards WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id',
  );
  // Grade and price travel as one exact integer per row, `price_grade` = cents * 128 + grade code
  // (migration 003; prices are stored to the cent): a single numeric column, several times cheaper
  // per row to read than two. Whatever else a q-driven answer needs (counts per card, the last sale,
  // the 30-day split) is aggregated in SQL.
  const saleWhere = `FROM sales
        WHERE card_id IN (SELECT value FROM json_each(@ids))
          AND sold_at > @after AND sold_at <= @until
          AND (@grade IS NULL OR grade = @grade)
          AND (@min IS NULL OR price >= @min)
          AND (@max IS NULL OR price <= @max)`;
  const packedStmt = db.prepare(`SELECT price_grade ${saleWhere}`).pluck();
  // Signed prices: one numeric column carries which side of the split a sale is on (prices are > 0).
  const aroundStmt = db
    .prepare(`SELECT CASE WHEN sold_at > @split THEN price ELSE -price END ${saleWhere}`)
    .pluck();
  const cardSalesStmt = db
    .prepare(`SELECT card_id, count(*), max(sold_at) ${saleWhere} GROUP BY card_id`)
    .raw();
  const priceAtStmt = db
    .prepare(
      `SELECT max(price) FROM sales
        WHERE card_id = @card AND sold_at = @at
          AND (@grade IS NULL OR grade = @grade)
          AND (@min IS NULL OR price >= @min)
          AND (@max IS NULL OR price <= @max)`,
    )
    .pluck();
  const gradeOfCode: string[] = [];
  for (const row of db.prepare('SELECT grade, code FROM grade_codes').all() as {
    grade: string;
    code: number;
  }[]) {
    gradeOfCode[row.code] = row.grade;
  }
  const saleParams = (cardIds: number[], filter: SaleFilter) => ({
    ids: JSON.stringify(cardIds),
    after: filter.afterMs,
    until: filter.untilMs,
    grade: filter.grade ?? null,
    min: filter.minPrice ?? null,
    max: filter.maxPrice ?? null,
  });

  return {
    state: () => stateFromRows(stateStmt.all() as { key: string; value: string }[]),
    categorySnapshot: (day) => categorySnapshotStmt.all(day) as CategorySnapshotRow[],
    labelSnapshot: (day, category) => labelSnapshotStmt.all(day, category) as LabelSnapshotRow[],
    categorySeries: ({ from, to, category }) =>
      categorySeriesStmt.all({ from, to, category: category ?? null }) as SnapshotRow[],
    labelSeries: ({ label, from, to, category }) =>
      labelSeriesStmt.all({ label, from, to, category: category ?? null }) as SnapshotRow[],
    labelExists: (label, category) =>
      labelExistsStmt.get({ label, category: category ?? null }) !== undefined,
    movers: (category) => moversStmt.all({ category: category ?? null }) as MoverRow[],
    matchCards: (words) => (words.length === 0 ? [] : (matchStmt.all(ftsWordsQuery(words)) as number[])),
    cards: (ids) => cardsStmt.all(JSON.stringify(ids)) as CardRow[],
    salePrices: (cardIds, filter) => {
      // Sorting the packed values sorts by price (then grade code): the analytics get ascending
      // prices overall and per grade without sorting again.
      const packed = Float64Array.from(packedStmt.all(saleParams(cardIds, filter)) as number[]).sort();
      const sales: SalePrices = {
        price: new Float64Array(packed.length),
        gradeCode: new Uint8Array(packed.length),
        gradeOfCode,
      };
      for (let i = 0; i < packed.length; i += 1) {
        const value = packed[i] as number;
        const code = value % GRADE_CODE_SPAN;
        sales.gradeCode[i] = code;
        sales.price[i] = (value - code) / GRADE_CODE_SPAN / 100;
      }
      return sales;
    },
    pricesAround: (cardIds, filter, splitMs) => {
      const before: number[] = [];
      const after: number[] = [];
      for (const value of aroundStmt.all({ ...saleParams(cardIds, filter), split: splitMs }) as number[]) {
        if (value > 0) after.push(value);
        else before.push(-value);
      }
      return { before, after };
    },
    cardSales: (cardIds, filter) =>
      new Map(
        (cardSalesStmt.all(saleParams(cardIds, filter)) as [number, number, number][]).map(
          ([id, sales, lastSoldAt]) => [id, { sales, lastSoldAt }],
        ),
      ),
    priceAt: (cardId, soldAt, filter) =>
      (priceAtStmt.get({
        card: cardId,
        at: soldAt,
        grade: filter.grade ?? null,
        min: filter.minPrice ?? null,
        max: filter.maxPrice ?? null,
      }) as number | null) ?? null,
  };
}
