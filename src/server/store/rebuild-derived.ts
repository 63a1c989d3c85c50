import { INDEX_START_DATE } from '../../contract/params';
import { cellPricesOf, moverFigures } from '../analytics/like-for-like';
import type { Db } from './database';
import { writeMarketState } from './market-meta';
import { STILL_ACTIVE, type SweepGroup, sweepSnapshots } from './snapshot-sweep';
import { DAY_MS, dateOfDayNumber, dayNumber, dayNumberOfDate } from './time';

export interface RebuildSummary {
  dataVersion: number;
  asOfMs: number | null;
  snapshotDate: string | null;
  snapshotDays: number;
  movers: number;
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
  const dataVersion = writeMarketState(db, { asOfMs, snapshotDate: snapshot.snapshotDate });
  return { dataVersion, asOfMs, snapshotDate: snapshot.snapshotDate, snapshotDays: snapshot.days, movers };
}

function rebuildSnapshots(db: Db): { snapshotDate: string | null; days: number } {
  db.exec('DELETE FROM snapshot_categories; DELETE FROM snapshot_labels;');
  const count = db.prepare('SELECT count(*) FROM listings').pluck().get() as number;
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
  const rows = db
    .prepare(
      `SELECT c.category, c.label, l.price, l.listed_at, l.ended_at
         FROM listings l JOIN cards c ON c.id = l.card_id`,
    )
    .raw()
    .iterate() as IterableIterator<[string, string, number, number, number | null]>;
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

  const insertLabel = db.prepare(
    `INSERT INTO snapshot_labels (day, category, label, listings, avg, median, floor_min, total_value)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertCategory = db.prepare(
    `INSERT INTO snapshot_categories (day, category, labels, listings, avg, median, floor_min, total_value)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
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
      label: (day, group, f) =>
        insertLabel.run(
          textOf(day),
          group.category,
          group.label,
          f.listings,
          f.avg,
          f.median,
          f.floor_min,
          f.total_value,
        ),
      category: (day, category, labels, f) =>
        insertCategory.run(
          textOf(day),
          category,
          labels,
          f.listings,
          f.avg,
          f.median,
          f.floor_min,
          f.total_value,
        ),
    },
  );
  return { snapshotDate: dateOfDayNumber(latestDay), days: latestDay - firstDay + 1 };
}

/**
 * decisions.md, movers: per label, the matched change of its cells (card and grade) between the last
 * 7 days and the 7 before (like-for-like.ts); a label needs 3 matched cells and a weight of 5.
 * `current_n` and `prev_n` are the matched cells' sales in each week.
 */
function rebuildMovers(db: Db, asOfMs: number | null): number {
  db.exec('DELETE FROM label_movers');
  if (asOfMs === null) return 0;
  const mid = asOfMs - 7 * DAY_MS;
  const rows = db
    .prepare(
      `SELECT c.category, c.label, s.card_id, s.grade, s.price, s.sold_at > @mid
         FROM sales s JOIN cards c ON c.id = s.card_id
        WHERE s.sold_at > @start AND s.sold_at <= @asOf
`,
    )
    .raw()
    .all({ asOf: asOfMs, mid, start: asOfMs - 14 * DAY_MS }) as [
    string,
    string,
    number,
    string,
    number,
    number,
  ][];
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
  const insert = db.prepare(
    `INSERT INTO label_movers (category, label, current_avg, prev_avg, current_n, prev_n, pct_change)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  let count = 0;
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
    insert.run(category, label, figures.currentAvg, figures.prevAvg, currentN, prevN, figures.pctChange);
    count += 1;
  }
  return count;
}
