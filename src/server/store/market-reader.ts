import type { AccuracyFigures } from './derived-tables';
import { type MarketState, stateFromRows } from './market-meta';
import type { Db } from './sqlite/database';

/**
 * Every read the analytics make, behind one asynchronous interface: this module is the SQLite
 * implementation (better-sqlite3 is synchronous, so each promise is settled when it is returned),
 * store/postgres/pg-market-reader.ts the PostgreSQL one (docs/data-model.md). Rows are unrounded;
 * the analytics round on output.
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

/** A stored point of the sales index: `label` '' for a category's own series (derive-sales-index.ts). */
export interface SalesIndexStoredRow {
  day: string;
  category: string;
  label: string;
  idx: number;
  change_pct: number | null;
  matched_cells: number;
  sales: number;
}

/** Which points of the sales index: a label's (any case, as labelSeries) or, without one, the categories'. */
export interface SalesIndexRange {
  label?: string | undefined;
  category?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface CardRow {
  id: number;
  category: string;
  label: string;
  title: string;
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
  state(): Promise<MarketState>;
  categorySnapshot(day: string): Promise<CategorySnapshotRow[]>;
  labelSnapshot(day: string, category: string): Promise<LabelSnapshotRow[]>;
  categorySeries(range: { from: string; to: string; category?: string | undefined }): Promise<SnapshotRow[]>;
  labelSeries(range: {
    label: string;
    from: string;
    to: string;
    category?: string | undefined;
  }): Promise<SnapshotRow[]>;
  labelExists(label: string, category?: string): Promise<boolean>;
  movers(category?: string): Promise<MoverRow[]>;
  /** Points of the sales index, by day, then category, then label. */
  salesIndex(range: SalesIndexRange): Promise<SalesIndexStoredRow[]>;
  /** The published accuracy rows, in no particular order. */
  accuracy(): Promise<AccuracyFigures[]>;
  /** Ids of the cards whose title contains every word (whole words, any order). */
  matchCards(words: string[]): Promise<number[]>;
  cards(ids: number[]): Promise<CardRow[]>;
  /**
   * Every sale as columns, by card then time, in one read transaction: the highest card id, how
   * many sales each card id has (ascending ids), and each sale's sold_at (ms) and price_grade
   * (cents * 128 + grade code) in the same order.
   */
  saleColumns(): Promise<SaleColumnRows>;
  /** Every card title (the catalogue's vocabulary). */
  titles(): Promise<string[]>;
  /** Every card of the catalogue, in id order (the card filters: category and label). */
  allCards(): Promise<CardRow[]>;
  /** The canonical grade of each grade code (codes follow the ladder): read once, when the reader is made. */
  gradeOfCode(): readonly string[];
}

export interface SaleColumnRows {
  maxCardId: number;
  counts: [number, number][];
  soldAt: number[];
  priceGrade: number[];
}

/** FTS5 query of whole words, each quoted so that no word is read as FTS5 syntax. */
export function ftsWordsQuery(words: string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' ');
}

/** Grade codes are below this (see migrations 002-grade-codes and 003-sales-price-grade). */
export const GRADE_CODE_SPAN = 128;

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
  const salesIndexStmt = db.prepare(
    `SELECT day, category, label, idx, change_pct, matched_cells, sales
       FROM sales_index
      WHERE (CASE WHEN @label IS NULL THEN label = '' ELSE label = @label COLLATE NOCASE END)
        AND day BETWEEN @from AND @to AND (@category IS NULL OR category = @category)
      ORDER BY day, category, label`,
  );
  const accuracyStmt = db.prepare(
    'SELECT scope, name, sales_scored, coverage_iqr, median_abs_pct_error, bias_pct FROM sales_accuracy',
  );
  const matchStmt = db
    .prepare('SELECT rowid FROM card_search WHERE card_search MATCH ? ORDER BY rowid')
    .pluck();
  const cardsStmt = db.prepare(
    'SELECT id, category, label, title FROM cards WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id',
  );
  const maxCardIdStmt = db.prepare('SELECT coalesce(max(id), 0) FROM cards').pluck();
  // One covering index (card_id, sold_at, price_grade) gives all three reads in the same order;
  // single-column reads are several times cheaper than rows of three.
  const saleCountsStmt = db
    .prepare('SELECT card_id, count(*) FROM sales GROUP BY card_id ORDER BY card_id')
    .raw();
  const saleTimesStmt = db.prepare('SELECT sold_at FROM sales ORDER BY card_id, sold_at').pluck();
  const salePricesStmt = db.prepare('SELECT price_grade FROM sales ORDER BY card_id, sold_at').pluck();
  const titlesStmt = db.prepare('SELECT title FROM cards').pluck();
  const allCardsStmt = db.prepare('SELECT id, category, label, title FROM cards ORDER BY id');
  const gradeOfCode: string[] = [];
  for (const row of db.prepare('SELECT grade, code FROM grade_codes').all() as {
    grade: string;
    code: number;
  }[]) {
    gradeOfCode[row.code] = row.grade;
  }
  return {
    state: async () => stateFromRows(stateStmt.all() as { key: string; value: string }[]),
    categorySnapshot: async (day) => categorySnapshotStmt.all(day) as CategorySnapshotRow[],
    labelSnapshot: async (day, category) => labelSnapshotStmt.all(day, category) as LabelSnapshotRow[],
    categorySeries: async ({ from, to, category }) =>
      categorySeriesStmt.all({ from, to, category: category ?? null }) as SnapshotRow[],
    labelSeries: async ({ label, from, to, category }) =>
      labelSeriesStmt.all({ label, from, to, category: category ?? null }) as SnapshotRow[],
    labelExists: async (label, category) =>
      labelExistsStmt.get({ label, category: category ?? null }) !== undefined,
    movers: async (category) => moversStmt.all({ category: category ?? null }) as MoverRow[],
    salesIndex: async ({ label, category, from, to }) =>
      salesIndexStmt.all({
        label: label ?? null,
        category: category ?? null,
        from: from ?? '0000-00-00',
        to: to ?? '9999-99-99',
      }) as SalesIndexStoredRow[],
    accuracy: async () => accuracyStmt.all() as AccuracyFigures[],
    matchCards: async (words) =>
      words.length === 0 ? [] : (matchStmt.all(ftsWordsQuery(words)) as number[]),
    cards: async (ids) => cardsStmt.all(JSON.stringify(ids)) as CardRow[],
    saleColumns: async () =>
      db
        .transaction(() => ({
          maxCardId: maxCardIdStmt.get() as number,
          counts: saleCountsStmt.all() as [number, number][],
          soldAt: saleTimesStmt.all() as number[],
          priceGrade: salePricesStmt.all() as number[],
        }))
        .deferred(),
    titles: async () => titlesStmt.all() as string[],
    allCards: async () => allCardsStmt.all() as CardRow[],
    gradeOfCode: () => gradeOfCode,
  };
}
