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

/** Grades and prices of sales, column-wise (what sold and value need). */
export interface SalePrices {
  grade: string[];
  price: Float64Array;
}

/** Sales of a set of cards in a time window, column-wise, with card and time. */
export interface SaleColumns extends SalePrices {
  cardId: Int32Array;
  soldAt: Float64Array;
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
  /** Grades and prices only: about half the cost per row of `sales`. */
  salePrices(cardIds: number[], filter: SaleFilter): SalePrices;
  sales(cardIds: number[], filter: SaleFilter): SaleColumns;
}

/** FTS5 query of whole words, each quoted so that no word is read as FTS5 syntax. */
export function ftsWordsQuery(words: string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' ');
}

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
  const saleWhere = `FROM sales
        WHERE card_id IN (SELECT value FROM json_each(@ids))
          AND sold_at > @after AND sold_at <= @until
          AND (@grade IS NULL OR grade = @grade)
          AND (@min IS NULL OR price >= @min)
          AND (@max IS NULL OR price <= @max)`;
  const salesStmt = db.prepare(`SELECT card_id, grade, price, sold_at ${saleWhere}`).raw();
  const pricesStmt = db.prepare(`SELECT grade, price ${saleWhere}`).raw();
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
      const rows = pricesStmt.all(saleParams(cardIds, filter)) as [string, number][];
      const columns: SalePrices = {
        grade: new Array<string>(rows.length),
        price: new Float64Array(rows.length),
      };
      rows.forEach(([grade, price], i) => {
        columns.grade[i] = grade;
        columns.price[i] = price;
      });
      return columns;
    },
    sales: (cardIds, filter) => {
      const rows = salesStmt.all(saleParams(cardIds, filter)) as [number, string, number, number][];
      const columns: SaleColumns = {
        cardId: new Int32Array(rows.length),
        grade: new Array<string>(rows.length),
        price: new Float64Array(rows.length),
        soldAt: new Float64Array(rows.length),
      };
      rows.forEach(([cardId, grade, price, soldAt], i) => {
        columns.cardId[i] = cardId;
        columns.grade[i] = grade;
        columns.price[i] = price;
        columns.soldAt[i] = soldAt;
      });
      return columns;
    },
  };
}
