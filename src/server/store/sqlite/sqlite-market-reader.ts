import { type AccuracyFigures, type MoverRow, type NextSaleModel, parseNextSale } from '../derived-tables';
import { stateFromRows } from '../market-meta';
import type {
  CardRow,
  CategorySnapshotRow,
  LabelSnapshotRow,
  MarketReader,
  PopulationEntry,
  SalesIndexStoredRow,
  SnapshotRow,
} from '../market-reader';
import type { Db } from './database';
import { saleColumnsSnapshot } from './sale-columns-snapshot';

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
  const salesIndexStmt = db.prepare(
    `SELECT day, category, label, idx, change_pct, matched_cells, sales
       FROM sales_index
      WHERE (CASE WHEN @label IS NULL THEN label = '' ELSE label = @label COLLATE NOCASE END)
        AND day BETWEEN @from AND @to AND (@category IS NULL OR category = @category)
      ORDER BY day, category, label`,
  );
  const accuracyStmt = db.prepare(
    `SELECT scope, name, sales_scored, coverage_iqr, median_abs_pct_error, bias_pct, next_sale
       FROM sales_accuracy`,
  );
  const modelStmt = db.prepare('SELECT model FROM next_sale_model WHERE id = 1').pluck();
  const matchStmt = db
    .prepare('SELECT rowid FROM card_search WHERE card_search MATCH ? ORDER BY rowid')
    .pluck();
  const cardsStmt = db.prepare(
    'SELECT id, category, label, title FROM cards WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id',
  );
  const saleColumns = saleColumnsSnapshot(db);
  const titlesStmt = db.prepare('SELECT title FROM cards').pluck();
  const labelPopulationStmt = db.prepare(
    `SELECT grade, sum(population) AS population FROM population
      WHERE category = ? AND label = ? AND grader = ? GROUP BY grade ORDER BY grade`,
  );
  const populationStmt = db.prepare(
    'SELECT grade, grader, population, as_of FROM population WHERE title_key = ? ORDER BY grade',
  );
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
    accuracy: async () =>
      (accuracyStmt.all() as (Omit<AccuracyFigures, 'next_sale'> & { next_sale: string | null })[]).map(
        parseNextSale,
      ),
    nextSaleModel: async () => {
      const text = modelStmt.get() as string | undefined;
      return text === undefined ? null : (JSON.parse(text) as NextSaleModel);
    },
    matchCards: async (words) =>
      words.length === 0 ? [] : (matchStmt.all(ftsWordsQuery(words)) as number[]),
    cards: async (ids) => cardsStmt.all(JSON.stringify(ids)) as CardRow[],
    saleColumns: async () => saleColumns(),
    titles: async () => titlesStmt.all() as string[],
    allCards: async () => allCardsStmt.all() as CardRow[],
    population: async (titleKey) => populationStmt.all(titleKey) as PopulationEntry[],
    labelPopulation: async (category, label, grader) =>
      labelPopulationStmt.all(category, label, grader) as { grade: string; population: number }[],
    gradeOfCode: () => gradeOfCode,
  };
}
