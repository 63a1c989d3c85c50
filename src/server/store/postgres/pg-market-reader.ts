import type pg from 'pg';
import { type AccuracyFigures, type MoverRow, type NextSaleModel, parseNextSale } from '../derived-tables';
import { stateFromRows } from '../market-meta';
import type {
  CardRow,
  CategorySnapshotRow,
  LabelSnapshotRow,
  MarketReader,
  PopulationEntry,
  SaleColumnRows,
  SalesIndexStoredRow,
  SnapshotRow,
} from '../market-reader';
import { inPgTransaction } from './pg-database';
import { hasPhrase, tokenize, wordsQuery } from './pg-title-words';

/**
 * The PostgreSQL MarketReader: the same rows, in the same order, as the SQLite one
 * (market-reader.ts). Text compares and sorts in byte order ("C" columns, pg-schema.ts) and a
 * label matches case-insensitively in ASCII only, as SQLite's NOCASE; the catalogue search folds
 * words with SQLite's own tokenizer (pg-title-words.ts). Each method is one statement on any
 * connection of the pool, except saleColumns (one REPEATABLE READ transaction).
 */
export async function createPgMarketReader(pool: pg.Pool): Promise<MarketReader> {
  const gradeOfCode: string[] = [];
  const grades = await pool.query<{ grade: string; code: number }>('SELECT grade, code FROM grade_codes');
  for (const row of grades.rows) gradeOfCode[row.code] = row.grade;

  const rows = async <T>(name: string, text: string, values: unknown[] = []): Promise<T[]> =>
    (await pool.query({ name, text, values })).rows as T[];

  return {
    state: async () => stateFromRows(await rows('slab_state', 'SELECT key, value FROM market_meta')),
    categorySnapshot: (day) =>
      rows<CategorySnapshotRow>(
        'slab_category_snapshot',
        `SELECT day, category, labels, listings, avg, median, floor_min, total_value
           FROM snapshot_categories WHERE day = $1 ORDER BY category`,
        [day],
      ),
    labelSnapshot: (day, category) =>
      rows<LabelSnapshotRow>(
        'slab_label_snapshot',
        `SELECT day, category, label, listings, avg, median, floor_min, total_value
           FROM snapshot_labels WHERE day = $1 AND category = $2 ORDER BY label`,
        [day, category],
      ),
    categorySeries: ({ from, to, category }) =>
      rows<SnapshotRow>(
        'slab_category_series',
        `SELECT day, category, listings, avg, median, floor_min, total_value
           FROM snapshot_categories
          WHERE day BETWEEN $1 AND $2 AND ($3::text IS NULL OR category = $3)
          ORDER BY day, category`,
        [from, to, category ?? null],
      ),
    labelSeries: ({ label, from, to, category }) =>
      rows<SnapshotRow>(
        'slab_label_series',
        `SELECT day, category, listings, avg, median, floor_min, total_value
           FROM snapshot_labels
          WHERE lower(label) = lower($1::text COLLATE "C") AND day BETWEEN $2 AND $3
            AND ($4::text IS NULL OR category = $4)
          ORDER BY day, category`,
        [label, from, to, category ?? null],
      ),
    labelExists: async (label, category) =>
      (
        await rows(
          'slab_label_exists',
          `SELECT 1 FROM cards
            WHERE lower(label) = lower($1::text COLLATE "C") AND ($2::text IS NULL OR category = $2)
            LIMIT 1`,
          [label, category ?? null],
        )
      ).length > 0,
    movers: (category) =>
      rows<MoverRow>(
        'slab_movers',
        `SELECT category, label, current_avg, prev_avg, current_n, prev_n, pct_change
           FROM label_movers WHERE ($1::text IS NULL OR category = $1)
          ORDER BY abs(pct_change) DESC, label, category`,
        [category ?? null],
      ),
    salesIndex: ({ label, category, from, to }) =>
      rows<SalesIndexStoredRow>(
        'slab_sales_index',
        `SELECT day, category, label, idx, change_pct, matched_cells, sales
           FROM sales_index
          WHERE (CASE WHEN $1::text IS NULL THEN label = ''
                      ELSE lower(label) = lower($1::text COLLATE "C") END)
            AND day BETWEEN $2 AND $3 AND ($4::text IS NULL OR category = $4)
          ORDER BY day, category, label`,
        [label ?? null, from ?? '0000-00-00', to ?? '9999-99-99', category ?? null],
      ),
    accuracy: async () =>
      (
        await rows<Omit<AccuracyFigures, 'next_sale'> & { next_sale: string | null }>(
          'slab_accuracy',
          `SELECT scope, name, sales_scored, coverage_iqr, median_abs_pct_error, bias_pct, next_sale
             FROM sales_accuracy`,
        )
      ).map(parseNextSale),
    nextSaleModel: async () => {
      const found = await rows<{ model: string }>(
        'slab_next_sale_model',
        'SELECT model FROM next_sale_model WHERE id = 1',
      );
      return found[0] === undefined ? null : (JSON.parse(found[0].model) as NextSaleModel);
    },
    matchCards: async (words) => {
      if (words.length === 0) return [];
      const query = wordsQuery(words);
      if (query === null) return [];
      if (query.phrases.length === 0) {
        const found = await rows<{ id: number }>(
          'slab_match_cards',
          'SELECT id FROM cards WHERE search @> $1::text[] ORDER BY id',
          [query.required],
        );
        return found.map((row) => row.id);
      }
      // A word that folds to several tokens is a phrase: they must also be adjacent, in order.
      const found = await rows<{ id: number; title: string }>(
        'slab_match_card_titles',
        'SELECT id, title FROM cards WHERE search @> $1::text[] ORDER BY id',
        [query.required],
      );
      const tokens = tokenize(found.map((row) => row.title));
      return found
        .filter((_, i) => query.phrases.every((phrase) => hasPhrase(tokens[i] as string[], phrase)))
        .map((row) => row.id);
    },
    cards: async (ids) =>
      ids.length === 0
        ? []
        : rows<CardRow>(
            'slab_cards',
            'SELECT id, category, label, title FROM cards WHERE id = ANY($1::integer[]) ORDER BY id',
            [ids],
          ),
    saleColumns: () => readSaleColumns(pool),
    population: (titleKey) =>
      rows<PopulationEntry>(
        'slab_population',
        'SELECT grade, grader, population, as_of FROM population WHERE title_key = $1 ORDER BY grade',
        [titleKey],
      ),
    labelPopulation: (category, label, grader) =>
      rows<{ grade: string; population: number }>(
        'slab_label_population',
        `SELECT grade, sum(population)::integer AS population FROM population
          WHERE category = $1 AND label = $2 AND grader = $3 GROUP BY grade ORDER BY grade`,
        [category, label, grader],
      ),
    titles: async () =>
      (await rows<{ title: string }>('slab_titles', 'SELECT title FROM cards ORDER BY id')).map(
        (row) => row.title,
      ),
    allCards: () =>
      rows<CardRow>('slab_all_cards', 'SELECT id, category, label, title FROM cards ORDER BY id'),
    gradeOfCode: () => gradeOfCode,
  };
}

/**
 * Every sale as columns, by card, then time (then price_grade, as the SQLite reader's index gives
 * ties), in one REPEATABLE READ transaction. Each card's times and price_grades travel as one binary
 * run of big-endian doubles (exact: every value is below 2^53), aggregated along the covering index
 * (card_id, sold_at, price_grade): some 21,000 rows of two byte strings for the full demo market
 * instead of a million rows of two numbers each.
 */
async function readSaleColumns(pool: pg.Pool): Promise<SaleColumnRows> {
  return inPgTransaction(
    pool,
    async (client) => {
      const max = await client.query<{ max: number }>('SELECT coalesce(max(id), 0) AS max FROM cards');
      // Binary results: the runs come as bytes, not as hex text twice their size to decode
      // (pg reads `binary` from the query config; its types do not declare it).
      const query: pg.QueryArrayConfig & { binary: boolean } = {
        text: `SELECT card_id, count(*)::integer AS n,
                      string_agg(float8send(sold_at::float8), ''::bytea ORDER BY sold_at, price_grade) AS t,
                      string_agg(float8send(price_grade::float8), ''::bytea ORDER BY sold_at, price_grade) AS p
                 FROM sales GROUP BY card_id ORDER BY card_id`,
        rowMode: 'array',
        binary: true,
      };
      const result = await client.query(query);
      const counts: [number, number][] = [];
      let total = 0;
      for (const row of result.rows as [number, number, Buffer, Buffer][]) total += row[1];
      const soldAt = new Array<number>(total);
      const priceGrade = new Array<number>(total);
      let at = 0;
      for (const [cardId, n, times, prices] of result.rows as [number, number, Buffer, Buffer][]) {
        counts.push([cardId, n]);
        const timeView = new DataView(times.buffer, times.byteOffset, times.byteLength);
        const priceView = new DataView(prices.buffer, prices.byteOffset, prices.byteLength);
        for (let i = 0; i < n; i += 1) {
          soldAt[at] = timeView.getFloat64(i * 8);
          priceGrade[at] = priceView.getFloat64(i * 8);
          at += 1;
        }
      }
      return { maxCardId: max.rows[0]?.max ?? 0, counts, soldAt, priceGrade };
    },
    { isolation: 'REPEATABLE READ', readOnly: true },
  );
}
