import { GRADE_LADDER } from '../../../contract/grades';
import type { Migration } from '../migrations';

/**
 * The PostgreSQL schema: the same tables, columns and meaning as SQLite's (market-schema.ts and
 * sqlite/key-schema.ts; docs/data-model.md, docs/postgres-store.md), in PostgreSQL's types. Times are
 * UTC epoch ms as `bigint` (read back as JS numbers: pg-database.ts), days `YYYY-MM-DD` text, prices
 * `double precision`. Every text column that is sorted or compared is `COLLATE "C"`: byte order, as
 * SQLite's BINARY, whatever the database's default collation, so rows come back in the same order;
 * `lower()` of a "C" value folds ASCII letters only, as SQLite's NOCASE. Applied by pg-database.ts
 * in order, once each, recorded in `schema_migrations`. Never edit a shipped migration: add one.
 */
export const PG_MIGRATIONS: Migration[] = [
  {
    id: 'pg-001-market',
    sql: `
      CREATE TABLE market_meta (
        key text COLLATE "C" PRIMARY KEY,
        value text NOT NULL
      );

      -- search: the title's words folded as SQLite's FTS5 unicode61 remove_diacritics 2 does
      -- (pg-title-words.ts), set by every writer's rebuild; q matches with search @> its words.
      CREATE TABLE cards (
        id integer PRIMARY KEY,
        category text COLLATE "C" NOT NULL,
        label text COLLATE "C" NOT NULL,
        title text COLLATE "C" NOT NULL,
        search text[],
        UNIQUE (category, label, title)
      );
      CREATE INDEX cards_search ON cards USING gin (search) WITH (fastupdate = off);
      CREATE INDEX cards_by_label ON cards (lower(label), category);

      CREATE TABLE grade_codes (
        grade text COLLATE "C" PRIMARY KEY,
        code integer NOT NULL UNIQUE CHECK (code BETWEEN 1 AND 127)
      );
      INSERT INTO grade_codes (grade, code) VALUES
        ${GRADE_LADDER.map((grade, i) => `('${grade}', ${i + 1})`).join(',\n        ')};

      -- price_grade = cents * 128 + grade code, as SQLite's (market-schema.ts, 003): round() there is
      -- trunc(x + 0.5) of the double, so it is here too (PostgreSQL's round() of a double rounds
      -- half to even).
      CREATE TABLE sales (
        id bigint PRIMARY KEY,
        card_id integer NOT NULL REFERENCES cards (id),
        grade text COLLATE "C" NOT NULL,
        price double precision NOT NULL CHECK (price > 0),
        sold_at bigint NOT NULL,
        source_id text COLLATE "C",
        price_grade bigint GENERATED ALWAYS AS (
          trunc(price * 100 + 0.5)::bigint * 128 + CASE grade
            ${GRADE_LADDER.map((grade, i) => `WHEN '${grade}' THEN ${i + 1}`).join('\n            ')}
            ELSE 0 END
        ) STORED
      );
      -- Every sale column read (saleColumns) is an index-only scan of this one, in its order.
      CREATE INDEX sales_by_card_time ON sales (card_id, sold_at, price_grade);
      CREATE INDEX sales_by_time ON sales (sold_at);
      CREATE UNIQUE INDEX sales_by_source ON sales (source_id) WHERE source_id IS NOT NULL;

      CREATE TABLE listings (
        id bigint PRIMARY KEY,
        card_id integer NOT NULL REFERENCES cards (id),
        grade text COLLATE "C" NOT NULL,
        price double precision NOT NULL CHECK (price > 0),
        listed_at bigint NOT NULL,
        ended_at bigint CHECK (ended_at IS NULL OR ended_at >= listed_at),
        source_id text COLLATE "C"
      );
      CREATE INDEX listings_by_card ON listings (card_id);
      CREATE UNIQUE INDEX listings_by_source ON listings (source_id) WHERE source_id IS NOT NULL;

      CREATE TABLE snapshot_categories (
        day text COLLATE "C" NOT NULL,
        category text COLLATE "C" NOT NULL,
        labels integer NOT NULL,
        listings integer NOT NULL,
        avg double precision NOT NULL,
        median double precision NOT NULL,
        floor_min double precision NOT NULL,
        total_value double precision NOT NULL,
        PRIMARY KEY (day, category)
      );

      CREATE TABLE snapshot_labels (
        day text COLLATE "C" NOT NULL,
        category text COLLATE "C" NOT NULL,
        label text COLLATE "C" NOT NULL,
        listings integer NOT NULL,
        avg double precision NOT NULL,
        median double precision NOT NULL,
        floor_min double precision NOT NULL,
        total_value double precision NOT NULL,
        PRIMARY KEY (day, category, label)
      );
      CREATE INDEX snapshot_labels_by_label ON snapshot_labels (lower(label), day, category);

      CREATE TABLE label_movers (
        category text COLLATE "C" NOT NULL,
        label text COLLATE "C" NOT NULL,
        current_avg double precision NOT NULL,
        prev_avg double precision NOT NULL,
        current_n integer NOT NULL,
        prev_n integer NOT NULL,
        pct_change double precision NOT NULL,
        PRIMARY KEY (category, label)
      );
    `,
  },
  {
    id: 'pg-100-keys',
    sql: `
      CREATE TABLE api_keys (
        id text COLLATE "C" PRIMARY KEY,
        key_hash text COLLATE "C" NOT NULL UNIQUE,
        tier text COLLATE "C" NOT NULL CHECK (tier IN ('free', 'pro', 'business')),
        label text COLLATE "C",
        created_at text COLLATE "C" NOT NULL,
        revoked_at text COLLATE "C",
        expires_at text COLLATE "C"
      );
      CREATE INDEX api_keys_expiring ON api_keys (expires_at) WHERE expires_at IS NOT NULL;

      CREATE TABLE key_usage (
        key_id text COLLATE "C" NOT NULL REFERENCES api_keys (id),
        month text COLLATE "C" NOT NULL,
        used integer NOT NULL DEFAULT 0,
        PRIMARY KEY (key_id, month)
      );

      CREATE TABLE app_settings (
        name text COLLATE "C" PRIMARY KEY,
        value text NOT NULL
      );
    `,
  },
  {
    // GET /v1/usage: key_usage by UTC day and operation, written by the same statement (pg-quota.ts).
    id: 'pg-101-key-usage-daily',
    sql: `
      CREATE TABLE key_usage_daily (
        key_id text COLLATE "C" NOT NULL REFERENCES api_keys (id),
        day text COLLATE "C" NOT NULL,
        operation text COLLATE "C" NOT NULL,
        calls integer NOT NULL DEFAULT 0,
        PRIMARY KEY (key_id, day, operation)
      );
    `,
  },
  {
    id: 'pg-002-sales-index-accuracy',
    rebuildsDerived: true,
    sql: `
      CREATE TABLE sales_index (
        category text COLLATE "C" NOT NULL,
        label text COLLATE "C" NOT NULL,
        day text COLLATE "C" NOT NULL,
        idx double precision NOT NULL,
        change_pct double precision,
        matched_cells integer NOT NULL,
        sales integer NOT NULL,
        PRIMARY KEY (label, category, day)
      );
      CREATE INDEX sales_index_by_label ON sales_index (lower(label), day, category);

      CREATE TABLE sales_accuracy (
        scope text COLLATE "C" NOT NULL,
        name text COLLATE "C" NOT NULL,
        sales_scored integer NOT NULL,
        coverage_iqr double precision NOT NULL,
        median_abs_pct_error double precision NOT NULL,
        bias_pct double precision NOT NULL,
        PRIMARY KEY (scope, name)
      );
    `,
  },
  {
    // Derived at each rebuild (decisions.md, "The next sale"): each accuracy row's next-sale
    // figures (JSON) and the fitted next-sale model as one JSON document.
    id: 'pg-003-next-sale',
    rebuildsDerived: true,
    sql: `
      ALTER TABLE sales_accuracy ADD COLUMN next_sale text;
      CREATE TABLE next_sale_model (
        id integer PRIMARY KEY CHECK (id = 1),
        model text NOT NULL
      );
    `,
  },
  {
    // Graders' population reports, as on SQLite (007-population-reports).
    id: 'pg-004-population-reports',
    sql: `
      CREATE TABLE population (
        title_key text COLLATE "C" NOT NULL,
        grade text COLLATE "C" NOT NULL,
        grader text COLLATE "C" NOT NULL,
        category text COLLATE "C" NOT NULL,
        label text COLLATE "C" NOT NULL,
        title text COLLATE "C" NOT NULL,
        population integer NOT NULL CHECK (population >= 0),
        as_of text COLLATE "C" NOT NULL,
        PRIMARY KEY (title_key, grade)
      );
    `,
  },
  {
    // As on SQLite (008-population-by-label).
    id: 'pg-005-population-by-label',
    sql: 'CREATE INDEX population_by_label ON population (category, label, grader, grade);',
  },
];
