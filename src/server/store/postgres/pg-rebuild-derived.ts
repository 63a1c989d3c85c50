import type pg from 'pg';
import type {
  AccuracySaleTuple,
  DerivedComputation,
  ListingTuple,
  MoverSaleTuple,
  RebuildSummary,
  SalesIndexSaleTuple,
  SnapshotFigures,
} from '../derived-tables';
import { insertColumns } from './pg-bulk';
import { pgWriteMarketState } from './pg-market-meta';
import { searchWordsOf, tokenize } from './pg-title-words';

/** Separates a title's search words on their way to PostgreSQL: a control character, never part of a word. */
export const WORD_SEPARATOR = '\u0001';

/**
 * rebuild-derived.ts on PostgreSQL, inside the caller's transaction: the search words of cards that
 * lack them (pg-title-words.ts), the as-of time, the daily snapshots and the label movers, the sales
 * index and the published accuracy (computed by `derive`, as on SQLite), then the data version bump.
 * Other connections see the old derived rows until the commit, and the new ones after it.
 */
export async function pgRebuildDerived(
  client: pg.ClientBase,
  derive: DerivedComputation,
): Promise<RebuildSummary> {
  await fillSearchWords(client);
  const asOf = await client.query<{ max: number | null }>('SELECT max(sold_at) AS max FROM sales');
  const asOfMs = asOf.rows[0]?.max ?? null;
  const snapshot = await rebuildSnapshots(client, derive);
  const movers = await rebuildMovers(client, derive, asOfMs);
  const salesIndexPoints = await rebuildSalesIndex(client, derive, asOfMs);
  const accuracyScored = await rebuildAccuracy(client, derive, asOfMs);
  const dataVersion = await pgWriteMarketState(client, { asOfMs, snapshotDate: snapshot.snapshotDate });
  return {
    dataVersion,
    asOfMs,
    snapshotDate: snapshot.snapshotDate,
    snapshotDays: snapshot.days,
    movers,
    salesIndexPoints,
    accuracyScored,
  };
}

/** The catalogue search words of every card written without them (an ingest's new cards). */
export async function fillSearchWords(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ id: number; title: string }>(
    'SELECT id, title FROM cards WHERE search IS NULL ORDER BY id',
  );
  if (rows.length === 0) return 0;
  const words = tokenize(rows.map((row) => row.title)).map((tokens) =>
    searchWordsOf(tokens).join(WORD_SEPARATOR),
  );
  await client.query(
    `UPDATE cards SET search = string_to_array(u.words, $3)
       FROM unnest($1::integer[], $2::text[]) AS u (id, words) WHERE cards.id = u.id`,
    [rows.map((row) => row.id), words, WORD_SEPARATOR],
  );
  return rows.length;
}

/** Search words of titles, as the `search` column's text (for writers that insert cards with them). */
export function searchColumnOf(titles: readonly string[]): string[] {
  return tokenize(titles).map((tokens) => searchWordsOf(tokens).join(WORD_SEPARATOR));
}

async function rebuildSnapshots(
  client: pg.ClientBase,
  derive: DerivedComputation,
): Promise<{ snapshotDate: string | null; days: number }> {
  await client.query('DELETE FROM snapshot_categories');
  await client.query('DELETE FROM snapshot_labels');
  const cards = new Map<number, [string, string]>();
  const cardRows = await client.query({ text: 'SELECT id, category, label FROM cards', rowMode: 'array' });
  for (const [id, category, label] of cardRows.rows as [number, string, string][])
    cards.set(id, [category, label]);
  // Each card's listings as one binary run of (price, listed_at, ended_at or NaN) doubles: some
  // 21,000 rows for the full demo market rather than 900,000.
  const perCard = await client.query({
    text: `SELECT card_id, count(*)::integer,
                  string_agg(float8send(price) || float8send(listed_at::float8)
                             || float8send(coalesce(ended_at::float8, 'NaN'::float8)), ''::bytea)
             FROM listings GROUP BY card_id`,
    rowMode: 'array',
  });
  const runs = perCard.rows as [number, number, Buffer][];
  const count = runs.reduce((sum, run) => sum + run[1], 0);
  function* listings(): Generator<ListingTuple> {
    for (const [cardId, n, run] of runs) {
      const [category, label] = cards.get(cardId) as [string, string];
      const view = new DataView(run.buffer, run.byteOffset, run.byteLength);
      for (let i = 0; i < n; i += 1) {
        const ended = view.getFloat64(i * 24 + 16);
        yield [
          category,
          label,
          view.getFloat64(i * 24),
          view.getFloat64(i * 24 + 8),
          Number.isNaN(ended) ? null : ended,
        ];
      }
    }
  }
  const labelRows = snapshotColumns();
  const categoryRows = snapshotColumns();
  const labels: string[] = [];
  const labelCounts: number[] = [];
  const result = derive.snapshots(count, listings(), {
    label: (day, category, label, figures) => {
      labelRows.add(day, category, figures);
      labels.push(label);
    },
    category: (day, category, labelCount, figures) => {
      categoryRows.add(day, category, figures);
      labelCounts.push(labelCount);
    },
  });
  await insertColumns(client, 'snapshot_labels', [
    ...labelRows.columns(),
    { name: 'label', type: 'text', values: labels },
  ]);
  await insertColumns(client, 'snapshot_categories', [
    ...categoryRows.columns(),
    { name: 'labels', type: 'integer', values: labelCounts },
  ]);
  return result;
}

function snapshotColumns() {
  const day: string[] = [];
  const category: string[] = [];
  const listings: number[] = [];
  const avg: number[] = [];
  const median: number[] = [];
  const floorMin: number[] = [];
  const totalValue: number[] = [];
  return {
    add(d: string, c: string, f: SnapshotFigures) {
      day.push(d);
      category.push(c);
      listings.push(f.listings);
      avg.push(f.avg);
      median.push(f.median);
      floorMin.push(f.floor_min);
      totalValue.push(f.total_value);
    },
    columns: () => [
      { name: 'day', type: 'text', values: day },
      { name: 'category', type: 'text', values: category },
      { name: 'listings', type: 'integer', values: listings },
      { name: 'avg', type: 'float8', values: avg },
      { name: 'median', type: 'float8', values: median },
      { name: 'floor_min', type: 'float8', values: floorMin },
      { name: 'total_value', type: 'float8', values: totalValue },
    ],
  };
}

async function rebuildMovers(
  client: pg.ClientBase,
  derive: DerivedComputation,
  asOfMs: number | null,
): Promise<number> {
  await client.query('DELETE FROM label_movers');
  if (asOfMs === null) return 0;
  const window = derive.moverWindow(asOfMs);
  const { rows } = await client.query({
    text: `SELECT c.category, c.label, s.card_id, s.grade, s.price, (s.sold_at > $1)::integer
             FROM sales s JOIN cards c ON c.id = s.card_id
            WHERE s.sold_at > $2 AND s.sold_at <= $3
            ORDER BY s.sold_at, s.id`,
    values: [window.mid, window.start, window.asOf],
    rowMode: 'array',
  });
  const movers = derive.movers(rows as MoverSaleTuple[]);
  await insertColumns(client, 'label_movers', [
    { name: 'category', type: 'text', values: movers.map((m) => m.category) },
    { name: 'label', type: 'text', values: movers.map((m) => m.label) },
    { name: 'current_avg', type: 'float8', values: movers.map((m) => m.current_avg) },
    { name: 'prev_avg', type: 'float8', values: movers.map((m) => m.prev_avg) },
    { name: 'current_n', type: 'integer', values: movers.map((m) => m.current_n) },
    { name: 'prev_n', type: 'integer', values: movers.map((m) => m.prev_n) },
    { name: 'pct_change', type: 'float8', values: movers.map((m) => m.pct_change) },
  ]);
  return movers.length;
}

async function rebuildSalesIndex(
  client: pg.ClientBase,
  derive: DerivedComputation,
  asOfMs: number | null,
): Promise<number> {
  await client.query('DELETE FROM sales_index');
  if (asOfMs === null) return 0;
  const { rows } = await client.query({
    text: `SELECT card_id, grade, price, sold_at FROM sales
            WHERE sold_at > $1 AND sold_at <= $2 ORDER BY sold_at, id`,
    values: [derive.salesIndexReadAfter(asOfMs), asOfMs],
    rowMode: 'array',
  });
  const cards = await client.query({ text: 'SELECT id, category, label FROM cards', rowMode: 'array' });
  const points = derive.salesIndex(
    rows as SalesIndexSaleTuple[],
    new Map(
      (cards.rows as [number, string, string][]).map(([id, category, label]) => [id, [category, label]]),
    ),
    asOfMs,
  );
  await insertColumns(client, 'sales_index', [
    { name: 'category', type: 'text', values: points.map((p) => p.category) },
    { name: 'label', type: 'text', values: points.map((p) => p.label ?? '') },
    { name: 'day', type: 'text', values: points.map((p) => p.date) },
    { name: 'idx', type: 'float8', values: points.map((p) => p.index) },
    { name: 'change_pct', type: 'float8', values: points.map((p) => p.change_pct) },
    { name: 'matched_cells', type: 'integer', values: points.map((p) => p.matched_cells) },
    { name: 'sales', type: 'integer', values: points.map((p) => p.sales) },
  ]);
  return points.length;
}

async function rebuildAccuracy(
  client: pg.ClientBase,
  derive: DerivedComputation,
  asOfMs: number | null,
): Promise<number> {
  await client.query('DELETE FROM sales_accuracy');
  await client.query('DELETE FROM next_sale_model');
  if (asOfMs === null) return 0;
  const cards = await client.query({ text: 'SELECT id, category, label FROM cards', rowMode: 'array' });
  const { rows } = await client.query({
    text: `SELECT card_id, grade, price, sold_at FROM sales
            WHERE sold_at > $1 AND sold_at <= $2 ORDER BY card_id, sold_at, id`,
    values: [derive.accuracyReadAfter(asOfMs), asOfMs],
    rowMode: 'array',
  });
  const { figures, model } = derive.accuracy(
    rows as AccuracySaleTuple[],
    new Map(
      (cards.rows as [number, string, string][]).map(([id, category, label]) => [id, [category, label]]),
    ),
    asOfMs,
  );
  await insertColumns(client, 'sales_accuracy', [
    { name: 'scope', type: 'text', values: figures.map((f) => f.scope) },
    { name: 'name', type: 'text', values: figures.map((f) => f.name) },
    { name: 'sales_scored', type: 'integer', values: figures.map((f) => f.sales_scored) },
    { name: 'coverage_iqr', type: 'float8', values: figures.map((f) => f.coverage_iqr) },
    { name: 'median_abs_pct_error', type: 'float8', values: figures.map((f) => f.median_abs_pct_error) },
    { name: 'bias_pct', type: 'float8', values: figures.map((f) => f.bias_pct) },
    {
      name: 'next_sale',
      type: 'text',
      values: figures.map((f) => (f.next_sale === null ? null : JSON.stringify(f.next_sale))),
    },
  ]);
  await client.query('INSERT INTO next_sale_model (id, model) VALUES (1, $1)', [JSON.stringify(model)]);
  return figures.find((f) => f.scope === 'overall')?.sales_scored ?? 0;
}
