import type pg from 'pg';
import type { DerivedComputation, RebuildSummary } from '../derived-tables';
import { openDatabase } from '../sqlite/database';
import type { MarketFill } from '../store';
import { INSERT_BATCH, insertColumns } from './pg-bulk';
import { announceChange } from './pg-changes';
import { inPgTransaction, MARKET_WRITE_LOCK } from './pg-database';
import { pgRecordDataOrigin } from './pg-market-meta';
import { pgRebuildDerived, searchColumnOf, WORD_SEPARATOR } from './pg-rebuild-derived';

/** True when the store holds no card and no sale (a fresh database: `npm start` seeds it). */
export async function pgIsMarketEmpty(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ empty: boolean }>(
    'SELECT NOT EXISTS (SELECT 1 FROM cards) AND NOT EXISTS (SELECT 1 FROM sales) AS empty',
  );
  return rows[0]?.empty ?? true;
}

/**
 * Deletes every card, sale, listing, population count and derived row; keys, usage and the data version stay. DELETE,
 * not TRUNCATE: TRUNCATE's exclusive lock would stall every server process's reads until the
 * seed commits, while DELETE lets them read the old market meanwhile.
 */
export async function pgClearMarket(client: pg.ClientBase): Promise<void> {
  for (const table of [
    'label_movers',
    'snapshot_labels',
    'snapshot_categories',
    'listings',
    'sales',
    'cards',
    'population',
  ]) {
    await client.query(`DELETE FROM ${table}`);
  }
  await client.query("DELETE FROM market_meta WHERE key <> 'data_version'");
}

/**
 * Store.replaceMarket on PostgreSQL (the seed: seed/seed-store.ts): the same market row for row as
 * on SQLite. `fill` runs as it is into a throwaway in-memory SQLite database; its cards, sales and
 * listings are then copied into PostgreSQL in batches of INSERT_BATCH rows (multi-row INSERTs from
 * arrays), all in ONE transaction that also replaces the old market (keys and usage stay), rebuilds
 * the derived tables, bumps the data version and announces the change (`NOTIFY slab_changes`, pg-changes.ts) to every
 * server process
 * (docs/postgres-store.md, "Seed").
 */
export async function pgReplaceMarket<T>(
  pool: pg.Pool,
  derive: DerivedComputation,
  fill: MarketFill<T>,
  onProgress?: (line: string) => void,
): Promise<T> {
  const progress = onProgress ?? (() => {});
  const memory = openDatabase(':memory:');
  try {
    const summary = fill(memory);
    progress('replacing the market in PostgreSQL, in one transaction');
    await inPgTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MARKET_WRITE_LOCK]);
      await pgClearMarket(client);
      progress('old market deleted; copying cards, sales and listings');
      await copyTable(memory, client, 'cards', 'SELECT id, category, label, title FROM cards ORDER BY id', [
        ['id', 'integer'],
        ['category', 'text'],
        ['label', 'text'],
        ['title', 'text'],
      ]);
      await copyTable(
        memory,
        client,
        'sales',
        'SELECT id, card_id, grade, price, sold_at, source_id FROM sales',
        [
          ['id', 'bigint'],
          ['card_id', 'integer'],
          ['grade', 'text'],
          ['price', 'float8'],
          ['sold_at', 'bigint'],
          ['source_id', 'text'],
        ],
      );
      await copyTable(
        memory,
        client,
        'listings',
        'SELECT id, card_id, grade, price, listed_at, ended_at, source_id FROM listings',
        [
          ['id', 'bigint'],
          ['card_id', 'integer'],
          ['grade', 'text'],
          ['price', 'float8'],
          ['listed_at', 'bigint'],
          ['ended_at', 'bigint'],
          ['source_id', 'text'],
        ],
      );
      await copyTable(
        memory,
        client,
        'population',
        'SELECT title_key, grade, grader, category, label, title, population, as_of FROM population',
        [
          ['title_key', 'text'],
          ['grade', 'text'],
          ['grader', 'text'],
          ['category', 'text'],
          ['label', 'text'],
          ['title', 'text'],
          ['population', 'integer'],
          ['as_of', 'text'],
        ],
      );
      // Fresh statistics for the rebuild's reads and the readers' plans after the commit.
      await client.query('ANALYZE cards, sales, listings');
      await pgRecordDataOrigin(client, 'demo');
      progress('rebuilding derived tables');
      const rebuilt: RebuildSummary = await pgRebuildDerived(client, derive);
      progress(
        `derived tables: ${rebuilt.snapshotDays} snapshot days to ${rebuilt.snapshotDate}, ${rebuilt.movers} movers`,
      );
      await announceChange(client, 'market');
    });
    return summary;
  } finally {
    memory.close();
  }
}

/** Copies a SQLite query's rows into a PostgreSQL table, INSERT_BATCH rows at a time. */
async function copyTable(
  from: ReturnType<typeof openDatabase>,
  client: pg.ClientBase,
  table: string,
  select: string,
  columns: [name: string, type: string][],
): Promise<void> {
  const withSearch = table === 'cards';
  const batch: unknown[][] = columns.map(() => []);
  const flush = async () => {
    if ((batch[0] as unknown[]).length === 0) return;
    const sent = columns.map(([name, type], i) => ({ name, type, values: batch[i] as unknown[] }));
    if (withSearch) {
      const titles = batch[columns.findIndex(([name]) => name === 'title')] as string[];
      await insertCards(client, sent, searchColumnOf(titles));
    } else {
      await insertColumns(client, table, sent);
    }
    for (const column of batch) column.length = 0;
  };
  for (const row of from.prepare(select).raw().iterate() as IterableIterator<unknown[]>) {
    for (let i = 0; i < row.length; i += 1) (batch[i] as unknown[]).push(row[i]);
    if ((batch[0] as unknown[]).length >= INSERT_BATCH) await flush();
  }
  await flush();
}

async function insertCards(
  client: pg.ClientBase,
  columns: { name: string; type: string; values: unknown[] }[],
  search: string[],
): Promise<void> {
  await client.query(
    `INSERT INTO cards (id, category, label, title, search)
     SELECT id, category, label, title, string_to_array(words, $6)
       FROM unnest($1::integer[], $2::text[], $3::text[], $4::text[], $5::text[])
         AS u (id, category, label, title, words)`,
    [...columns.map((column) => column.values), search, WORD_SEPARATOR],
  );
}
