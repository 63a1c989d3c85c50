import { GRADE_LADDER } from '../../../contract/grades';
import type { Migration } from '../migrations';

/**
 * Cards, sales, listings, the FTS5 card catalogue and the derived tables (daily listing snapshots
 * per category and per label, label movers), plus `market_meta` (as-of, snapshot date, data version).
 * Times are UTC epoch milliseconds (INTEGER); days are `YYYY-MM-DD` text. Described in
 * docs/data-model.md. Never edit a shipped migration: add a new one.
 */
export const MARKET_MIGRATIONS: Migration[] = [
  {
    id: '001-market',
    sql: `
      CREATE TABLE market_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) WITHOUT ROWID;

      CREATE TABLE cards (
        id INTEGER PRIMARY KEY,
        category TEXT NOT NULL,
        label TEXT NOT NULL,
        title TEXT NOT NULL,
        UNIQUE (category, label, title)
      );

      -- The catalogue search for q: whole words of the title, case- and accent-insensitive.
      CREATE VIRTUAL TABLE card_search USING fts5(
        title,
        content = 'cards',
        content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2'
      );

      CREATE TABLE sales (
        id INTEGER PRIMARY KEY,
        card_id INTEGER NOT NULL REFERENCES cards (id),
        grade TEXT NOT NULL,
        price REAL NOT NULL CHECK (price > 0),
        sold_at INTEGER NOT NULL,
        source_id TEXT
      );
      -- Covering index: every q-driven operation reads (card, time window) ranges from it alone.
      CREATE INDEX sales_by_card_time ON sales (card_id, sold_at, grade, price);
      CREATE INDEX sales_by_time ON sales (sold_at);
      CREATE UNIQUE INDEX sales_by_source ON sales (source_id) WHERE source_id IS NOT NULL;

      CREATE TABLE listings (
        id INTEGER PRIMARY KEY,
        card_id INTEGER NOT NULL REFERENCES cards (id),
        grade TEXT NOT NULL,
        price REAL NOT NULL CHECK (price > 0),
        listed_at INTEGER NOT NULL,
        ended_at INTEGER CHECK (ended_at IS NULL OR ended_at >= listed_at),
        source_id TEXT
      );
      CREATE UNIQUE INDEX listings_by_source ON listings (source_id) WHERE source_id IS NOT NULL;

      -- Derived: the listing snapshot of each day from 2026-05-29, per category and per label.
      CREATE TABLE snapshot_categories (
        day TEXT NOT NULL,
        category TEXT NOT NULL,
        labels INTEGER NOT NULL,
        listings INTEGER NOT NULL,
        avg REAL NOT NULL,
        median REAL NOT NULL,
        floor_min REAL NOT NULL,
        total_value REAL NOT NULL,
        PRIMARY KEY (day, category)
      ) WITHOUT ROWID;

      CREATE TABLE snapshot_labels (
        day TEXT NOT NULL,
        category TEXT NOT NULL,
        label TEXT NOT NULL,
        listings INTEGER NOT NULL,
        avg REAL NOT NULL,
        median REAL NOT NULL,
        floor_min REAL NOT NULL,
        total_value REAL NOT NULL,
        PRIMARY KEY (day, category, label)
      ) WITHOUT ROWID;
      CREATE INDEX snapshot_labels_by_label ON snapshot_labels (label COLLATE NOCASE, day, category);

      -- Derived: per label, mean sold price over the last 7 days against the 7 days before.
      CREATE TABLE label_movers (
        category TEXT NOT NULL,
        label TEXT NOT NULL,
        current_avg REAL NOT NULL,
        prev_avg REAL NOT NULL,
        current_n INTEGER NOT NULL,
        prev_n INTEGER NOT NULL,
        pct_change REAL NOT NULL,
        PRIMARY KEY (category, label)
      ) WITHOUT ROWID;
    `,
  },
  {
    // A small code per grade (its place on the ladder), so that a sale's grade and price travel from
    // SQLite to the analytics as one exact number: cents * 128 + code (see sqlite-market-reader.ts).
    id: '002-grade-codes',
    sql: `
      CREATE TABLE grade_codes (
        grade TEXT PRIMARY KEY,
        code INTEGER NOT NULL UNIQUE CHECK (code BETWEEN 1 AND 127)
      ) WITHOUT ROWID;
      INSERT INTO grade_codes (grade, code) VALUES
        ${GRADE_LADDER.map((grade, i) => `('${grade}', ${i + 1})`).join(',\n        ')};
    `,
  },
  {
    // Each sale's price and grade as one exact integer, cents * 128 + grade code, computed from the
    // row (so every writer stays correct) and indexed by card and time: the q-driven reads pluck it
    // in one numeric column, with no join and no string per row (see sqlite-market-reader.ts).
    id: '003-sales-price-grade',
    sql: `
      ALTER TABLE sales ADD COLUMN price_grade INTEGER GENERATED ALWAYS AS (
        CAST(round(price * 100) AS INTEGER) * 128 + CASE grade
          ${GRADE_LADDER.map((grade, i) => `WHEN '${grade}' THEN ${i + 1}`).join('\n          ')}
          ELSE 0 END
      ) VIRTUAL;
      CREATE INDEX sales_by_card_time_price_grade ON sales (card_id, sold_at, price_grade);
    `,
  },
  {
    // Derived at each rebuild (decisions.md): the weekly sales index of every category (label '')
    // and label, and the published accuracy rows (scope overall, category or liquidity).
    id: '004-sales-index-accuracy',
    rebuildsDerived: true,
    sql: `
      CREATE TABLE sales_index (
        category TEXT NOT NULL,
        label TEXT NOT NULL,
        day TEXT NOT NULL,
        idx REAL NOT NULL,
        change_pct REAL,
        matched_cells INTEGER NOT NULL,
        sales INTEGER NOT NULL,
        PRIMARY KEY (label, category, day)
      ) WITHOUT ROWID;
      CREATE INDEX sales_index_by_label ON sales_index (label COLLATE NOCASE, day, category);

      CREATE TABLE sales_accuracy (
        scope TEXT NOT NULL,
        name TEXT NOT NULL,
        sales_scored INTEGER NOT NULL,
        coverage_iqr REAL NOT NULL,
        median_abs_pct_error REAL NOT NULL,
        bias_pct REAL NOT NULL,
        PRIMARY KEY (scope, name)
      ) WITHOUT ROWID;
    `,
  },
  {
    // The sale columns of one data version as three blobs (sale-columns-snapshot.ts): a start reads
    // them instead of scanning every sale. Emptied by each write of market state.
    id: '005-sale-columns-snapshot',
    sql: `
      CREATE TABLE sale_columns_snapshot (
        data_version INTEGER PRIMARY KEY,
        card_counts BLOB NOT NULL,
        sold_at BLOB NOT NULL,
        price_grade BLOB NOT NULL
      );
    `,
  },
  {
    // Derived at each rebuild (decisions.md, "The next sale"): each accuracy row's next-sale
    // figures (JSON) and the fitted next-sale model as one JSON document.
    id: '006-next-sale',
    rebuildsDerived: true,
    sql: `
      ALTER TABLE sales_accuracy ADD COLUMN next_sale TEXT;
      CREATE TABLE next_sale_model (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        model TEXT NOT NULL
      );
    `,
  },
  {
    // Graders' population reports (decisions.md, "Population and grading"): one count per exact
    // title and grade, the newest report's. Market data: a seed replaces it, keys never touch it.
    id: '007-population-reports',
    sql: `
      CREATE TABLE population (
        title_key TEXT NOT NULL,
        grade TEXT NOT NULL,
        grader TEXT NOT NULL,
        category TEXT NOT NULL,
        label TEXT NOT NULL,
        title TEXT NOT NULL,
        population INTEGER NOT NULL CHECK (population >= 0),
        as_of TEXT NOT NULL,
        PRIMARY KEY (title_key, grade)
      ) WITHOUT ROWID;
    `,
  },
  {
    // A label's population counts by grader (/v1/grading's shrinkage) without a scan of every count.
    id: '008-population-by-label',
    sql: 'CREATE INDEX population_by_label ON population (category, label, grader, grade);',
  },
];
