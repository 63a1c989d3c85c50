import type Database from 'better-sqlite3';
import type {
  AccuracySaleTuple,
  DerivedComputation,
  ListingTuple,
  MoverSaleTuple,
  RebuildSummary,
  SalesIndexSaleTuple,
} from '../derived-tables';
import { writeMarketState } from './sqlite-market-meta';

/** A connection to the store (not imported from database.ts, which depends on this file). */
type Db = Database.Database;

/**
 * Recomputes everything derived from cards, sales and listings: the FTS catalogue, the as-of time,
 * the daily snapshots from 2026-05-29 to the latest day with listing data, the label movers, the
 * sales index and the published accuracy (computed by `derive`: derived-tables.ts); then bumps the
 * data version. Runs inside the caller's write transaction, so readers in other
 * processes switch from the old answers to the new ones at commit, never see a half.
 */
export function rebuildDerived(db: Db, derive: DerivedComputation): RebuildSummary {
  db.exec("INSERT INTO card_search (card_search) VALUES ('rebuild')");
  const asOfMs = db.prepare('SELECT max(sold_at) FROM sales').pluck().get() as number | null;
  const snapshot = rebuildSnapshots(db, derive);
  const movers = rebuildMovers(db, derive, asOfMs);
  const salesIndexPoints = rebuildSalesIndex(db, derive, asOfMs);
  const accuracyScored = rebuildAccuracy(db, derive, asOfMs);
  const dataVersion = writeMarketState(db, { asOfMs, snapshotDate: snapshot.snapshotDate });
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

function rebuildSnapshots(db: Db, derive: DerivedComputation): { snapshotDate: string | null; days: number } {
  db.exec('DELETE FROM snapshot_categories; DELETE FROM snapshot_labels;');
  const count = db.prepare('SELECT count(*) FROM listings').pluck().get() as number;
  const rows = db
    .prepare(
      `SELECT c.category, c.label, l.price, l.listed_at, l.ended_at
         FROM listings l JOIN cards c ON c.id = l.card_id`,
    )
    .raw()
    .iterate() as IterableIterator<ListingTuple>;
  const insertLabel = db.prepare(
    `INSERT INTO snapshot_labels (day, category, label, listings, avg, median, floor_min, total_value)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertCategory = db.prepare(
    `INSERT INTO snapshot_categories (day, category, labels, listings, avg, median, floor_min, total_value)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return derive.snapshots(count, rows, {
    label: (day, category, label, f) =>
      insertLabel.run(day, category, label, f.listings, f.avg, f.median, f.floor_min, f.total_value),
    category: (day, category, labels, f) =>
      insertCategory.run(day, category, labels, f.listings, f.avg, f.median, f.floor_min, f.total_value),
  });
}

/**
 * The label movers (decisions.md, movers), from the sales of the last 14 days. per label, the matched change of its cells (card and grade) between the last
 * 7 days and the 7 before (like-for-like.ts); a label needs 3 matched cells and a weight of 5.
 * `current_n` and `prev_n` are the matched cells' sales in each week. Both stores read the sales
 * by time, then id (SQLite: the order of `sales_by_time`, so no sort), so cells are met in the same
 * order and the sums come out the same to the last bit.
 */
function rebuildMovers(db: Db, derive: DerivedComputation, asOfMs: number | null): number {
  db.exec('DELETE FROM label_movers');
  if (asOfMs === null) return 0;
  const rows = db
    .prepare(
      `SELECT c.category, c.label, s.card_id, s.grade, s.price, s.sold_at > @mid
         FROM sales s JOIN cards c ON c.id = s.card_id
        WHERE s.sold_at > @start AND s.sold_at <= @asOf
        ORDER BY s.sold_at, s.id`,
    )
    .raw()
    .all(derive.moverWindow(asOfMs)) as MoverSaleTuple[];
  const insert = db.prepare(
    `INSERT INTO label_movers (category, label, current_avg, prev_avg, current_n, prev_n, pct_change)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const movers = derive.movers(rows);
  for (const m of movers) {
    insert.run(m.category, m.label, m.current_avg, m.prev_avg, m.current_n, m.prev_n, m.pct_change);
  }
  return movers.length;
}

/** The sales index (derive-sales-index.ts): the sales of its weeks, by time then id, as the movers read them. */
function rebuildSalesIndex(db: Db, derive: DerivedComputation, asOfMs: number | null): number {
  db.exec('DELETE FROM sales_index');
  if (asOfMs === null) return 0;
  const rows = db
    .prepare(
      `SELECT card_id, grade, price, sold_at FROM sales
        WHERE sold_at > ? AND sold_at <= ? ORDER BY sold_at, id`,
    )
    .raw()
    .all(derive.salesIndexReadAfter(asOfMs), asOfMs) as SalesIndexSaleTuple[];
  const insert = db.prepare(
    `INSERT INTO sales_index (category, label, day, idx, change_pct, matched_cells, sales)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const cards = db.prepare('SELECT id, category, label FROM cards').raw().all() as [number, string, string][];
  const points = derive.salesIndex(
    rows,
    new Map(cards.map(([id, category, label]) => [id, [category, label]])),
    asOfMs,
  );
  for (const p of points)
    insert.run(p.category, p.label ?? '', p.date, p.index, p.change_pct, p.matched_cells, p.sales);
  return points.length;
}

/**
 * The published accuracy and the next-sale model (derive-accuracy.ts): the sales they read, by card
 * then time then id.
 */
function rebuildAccuracy(db: Db, derive: DerivedComputation, asOfMs: number | null): number {
  db.exec('DELETE FROM sales_accuracy; DELETE FROM next_sale_model;');
  if (asOfMs === null) return 0;
  const cards = db.prepare('SELECT id, category, label FROM cards').raw().all() as [number, string, string][];
  const rows = db
    .prepare(
      `SELECT card_id, grade, price, sold_at FROM sales INDEXED BY sales_by_card_time
        WHERE sold_at > ? AND sold_at <= ? ORDER BY card_id, sold_at, id`,
    )
    .raw()
    .all(derive.accuracyReadAfter(asOfMs), asOfMs) as AccuracySaleTuple[];
  const insert = db.prepare(
    `INSERT INTO sales_accuracy
       (scope, name, sales_scored, coverage_iqr, median_abs_pct_error, bias_pct, next_sale)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const { figures, model } = derive.accuracy(
    rows,
    new Map(cards.map(([id, category, label]) => [id, [category, label]])),
    asOfMs,
  );
  for (const f of figures)
    insert.run(
      f.scope,
      f.name,
      f.sales_scored,
      f.coverage_iqr,
      f.median_abs_pct_error,
      f.bias_pct,
      f.next_sale === null ? null : JSON.stringify(f.next_sale),
    );
  db.prepare('INSERT INTO next_sale_model (id, model) VALUES (1, ?)').run(JSON.stringify(model));
  return figures.find((f) => f.scope === 'overall')?.sales_scored ?? 0;
}
