import { INDEX_START_DATE } from '../../contract/params';
import { cellPricesOf, moverFigures } from '../analytics/like-for-like';
import type { Db } from './database';
import { type AccuracySaleTuple, accuracyReadAfter, computeAccuracy } from './derive-accuracy';
import { computeSalesIndex, type SalesIndexSaleTuple, salesIndexWeeks } from './derive-sales-index';
import { writeMarketState } from './market-meta';
import type { MoverRow } from './market-reader';
import { type SnapshotFigures, STILL_ACTIVE, type SweepGroup, sweepSnapshots } from './snapshot-sweep';
import { DAY_MS, dateOfDayNumber, dayNumber, dayNumberOfDate } from './time';

export interface RebuildSummary {
  dataVersion: number;
  asOfMs: number | null;
  snapshotDate: string | null;
  snapshotDays: number;
  movers: number;
  /** Points of the sales index (every category and label). */
  salesIndexPoints: number;
  /** Sales scored by the published accuracy. */
  accuracyScored: number;
}

/**
 * Recomputes everything derived from cards, sales and listings: the FTS catalogue, the as-of time,
 * the daily snapshots from 2026-05-29 to the latest day with listing data, the label movers; then
 * bumps the data version. Runs inside the caller's write transaction, so readers in other
 * processes switch from the old answers to the new ones at commit, never see a half.
 */
export function rebuildDerived(db: Db): RebuildSummary {
  db.exec("INSERT INTO card_search (card_search) VALUES ('rebuild')");
  const asOfMs = db.prepare('SELECT max(sold_at) FROM sales').pluck().get() as number | null;
  const snapshot = rebuildSnapshots(db);
  const movers = rebuildMovers(db, asOfMs);
  const salesIndexPoints = rebuildSalesIndex(db, asOfMs);
  const accuracyScored = rebuildAccuracy(db, asOfMs);
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

function rebuildSnapshots(db: Db): { snapshotDate: string | null; days: number } {
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
  return computeSnapshots(count, rows, {
    label: (day, category, label, f) =>
      insertLabel.run(day, category, label, f.listings, f.avg, f.median, f.floor_min, f.total_value),
    category: (day, category, labels, f) =>
      insertCategory.run(day, category, labels, f.listings, f.avg, f.median, f.floor_min, f.total_value),
  });
}

/** A listing as the snapshots need it: its card's category and label, ask, listed and ended times (ms). */
export type ListingTuple = [
  category: string,
  label: string,
  price: number,
  listedAt: number,
  endedAt: number | null,
];

/** Where the snapshot rows go (each store writes them its own way): days as `YYYY-MM-DD`. */
export interface SnapshotRowSink {
  label(day: string, category: string, label: string, figures: SnapshotFigures): void;
  category(day: string, category: string, labels: number, figures: SnapshotFigures): void;
}

/**
 * The daily snapshots from 2026-05-29 to the latest day with listing data, from every listing (in
 * any order: `count` of them), computed in one sweep (snapshot-sweep.ts) and handed to `sink`; shared
 * by the SQLite and the PostgreSQL rebuilds, which differ only in how they read and write.
 */
export function computeSnapshots(
  count: number,
  rows: Iterable<ListingTuple>,
  sink: SnapshotRowSink,
): { snapshotDate: string | null; days: number } {
  const groups: SweepGroup[] = [];
  const groupIds = new Map<string, number>();
  const listings = {
    group: new Int32Array(count),
    price: new Float64Array(count),
    firstDay: new Int32Array(count),
    lastDay: new Int32Array(count),
  };
  let latestDay = Number.NEGATIVE_INFINITY;
  let i = 0;
  for (const [category, label, price, listedAt, endedAt] of rows) {
    const key = `${category}\u0000${label}`;
    let group = groupIds.get(key);
    if (group === undefined) {
      group = groups.length;
      groups.push({ category, label });
      groupIds.set(key, group);
    }
    listings.group[i] = group;
    listings.price[i] = price;
    listings.firstDay[i] = dayNumber(listedAt);
    // Active through the day before the one it ended in when it ended exactly at midnight.
    listings.lastDay[i] = endedAt === null ? STILL_ACTIVE : dayNumber(endedAt - 1);
    latestDay = Math.max(latestDay, dayNumber(listedAt), endedAt === null ? latestDay : dayNumber(endedAt));
    i += 1;
  }
  const firstDay = dayNumberOfDate(INDEX_START_DATE);
  if (count === 0 || latestDay < firstDay) return { snapshotDate: null, days: 0 };

  const dayText = new Map<number, string>();
  const textOf = (day: number): string => {
    let text = dayText.get(day);
    if (text === undefined) {
      text = dateOfDayNumber(day);
      dayText.set(day, text);
    }
    return text;
  };
  sweepSnapshots(
    listings,
    groups,
    { firstDay, lastDay: latestDay },
    {
      label: (day, group, f) => sink.label(textOf(day), group.category, group.label, f),
      category: (day, category, labels, f) => sink.category(textOf(day), category, labels, f),
    },
  );
  return { snapshotDate: dateOfDayNumber(latestDay), days: latestDay - firstDay + 1 };
}

/** The sales the movers read: after `start`, up to `asOf`; `mid` splits the last 7 days from the 7 before. */
export function moverWindow(asOfMs: number): { start: number; mid: number; asOf: number } {
  return { start: asOfMs - 14 * DAY_MS, mid: asOfMs - 7 * DAY_MS, asOf: asOfMs };
}

/** A sale of the movers' window: its card's category and label, card, grade, price, and 1 when in the last 7 days. */
export type MoverSaleTuple = [
  category: string,
  label: string,
  cardId: number,
  grade: string,
  price: number,
  recent: number,
];

/**
 * decisions.md, movers: per label, the matched change of its cells (card and grade) between the last
 * 7 days and the 7 before (like-for-like.ts); a label needs 3 matched cells and a weight of 5.
 * `current_n` and `prev_n` are the matched cells' sales in each week. Both stores read the sales
 * by time, then id (SQLite: the order of `sales_by_time`, so no sort), so cells are met in the same
 * order and the sums come out the same to the last bit.
 */
function rebuildMovers(db: Db, asOfMs: number | null): number {
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
    .all(moverWindow(asOfMs)) as MoverSaleTuple[];
  const insert = db.prepare(
    `INSERT INTO label_movers (category, label, current_avg, prev_avg, current_n, prev_n, pct_change)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const movers = computeMovers(rows);
  for (const m of movers) {
    insert.run(m.category, m.label, m.current_avg, m.prev_avg, m.current_n, m.prev_n, m.pct_change);
  }
  return movers.length;
}

/** The sales index (derive-sales-index.ts): the sales of its weeks, by time then id, as the movers read them. */
function rebuildSalesIndex(db: Db, asOfMs: number | null): number {
  db.exec('DELETE FROM sales_index');
  if (asOfMs === null) return 0;
  const rows = db
    .prepare(
      `SELECT card_id, grade, price, sold_at FROM sales
        WHERE sold_at > ? AND sold_at <= ? ORDER BY sold_at, id`,
    )
    .raw()
    .all(salesIndexWeeks(asOfMs).startMs, asOfMs) as SalesIndexSaleTuple[];
  const insert = db.prepare(
    `INSERT INTO sales_index (category, label, day, idx, change_pct, matched_cells, sales)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const cards = db.prepare('SELECT id, category, label FROM cards').raw().all() as [number, string, string][];
  const points = computeSalesIndex(
    rows,
    new Map(cards.map(([id, category, label]) => [id, [category, label]])),
    asOfMs,
  );
  for (const p of points)
    insert.run(p.category, p.label ?? '', p.date, p.index, p.change_pct, p.matched_cells, p.sales);
  return points.length;
}

/** The published accuracy (derive-accuracy.ts): the sales it reads, by card then time. */
function rebuildAccuracy(db: Db, asOfMs: number | null): number {
  db.exec('DELETE FROM sales_accuracy');
  if (asOfMs === null) return 0;
  const categories = new Map(db.prepare('SELECT id, category FROM cards').raw().all() as [number, string][]);
  const rows = db
    .prepare(
      `SELECT card_id, grade, price, sold_at FROM sales INDEXED BY sales_by_card_time
        WHERE sold_at > ? AND sold_at <= ? ORDER BY card_id, sold_at`,
    )
    .raw()
    .all(accuracyReadAfter(asOfMs), asOfMs) as AccuracySaleTuple[];
  const insert = db.prepare(
    `INSERT INTO sales_accuracy (scope, name, sales_scored, coverage_iqr, median_abs_pct_error, bias_pct)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const figures = computeAccuracy(rows, categories, asOfMs);
  for (const f of figures)
    insert.run(f.scope, f.name, f.sales_scored, f.coverage_iqr, f.median_abs_pct_error, f.bias_pct);
  return figures.find((f) => f.scope === 'overall')?.sales_scored ?? 0;
}

/** The label movers of the window's sales (moverWindow), shared by both stores' rebuilds. */
export function computeMovers(rows: Iterable<MoverSaleTuple>): MoverRow[] {
  const labels = new Map<
    string,
    { category: string; label: string; cells: Map<string, { recent: number[]; earlier: number[] }> }
  >();
  for (const [category, label, cardId, grade, price, recent] of rows) {
    const key = `${category}\u0000${label}`;
    let entry = labels.get(key);
    if (!entry) {
      entry = { category, label, cells: new Map() };
      labels.set(key, entry);
    }
    const cellKey = `${cardId} ${grade}`;
    let cell = entry.cells.get(cellKey);
    if (!cell) {
      cell = { recent: [], earlier: [] };
      entry.cells.set(cellKey, cell);
    }
    (recent === 1 ? cell.recent : cell.earlier).push(price);
  }
  const movers: MoverRow[] = [];
  for (const { category, label, cells } of labels.values()) {
    const list = [...cells.values()];
    const figures = moverFigures(
      cellPricesOf(list.map((cell) => cell.recent)),
      cellPricesOf(list.map((cell) => cell.earlier)),
    );
    if (figures === null) continue;
    let currentN = 0;
    let prevN = 0;
    for (const cell of cells.values()) {
      if (cell.recent.length === 0 || cell.earlier.length === 0) continue;
      currentN += cell.recent.length;
      prevN += cell.earlier.length;
    }
    movers.push({
      category,
      label,
      current_avg: figures.currentAvg,
      prev_avg: figures.prevAvg,
      current_n: currentN,
      prev_n: prevN,
      pct_change: figures.pctChange,
    });
  }
  return movers;
}
