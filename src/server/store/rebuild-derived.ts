import { INDEX_START_DATE } from '../../contract/params';
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

/** decisions.md: movers need at least 5 sales in each 7-day window. */
export const MOVERS_MIN_SALES = 5;

function rebuildMovers(db: Db, asOfMs: number | null): number {
  db.exec('DELETE FROM label_movers');
  if (asOfMs === null) return 0;
  const result = db
    .prepare(
      `INSERT INTO label_movers (category, label, current_avg, prev_avg, current_n, prev_n, pct_change)
       SELECT category, label, current_avg, prev_avg, current_n, prev_n,
              (current_avg - prev_avg) / prev_avg * 100
         FROM (
           SELECT c.category, c.label,
                  avg(CASE WHEN s.sold_at > @mid THEN s.price END) AS current_avg,
                  avg(CASE WHEN s.sold_at <= @mid THEN s.price END) AS prev_avg,
                  sum(s.sold_at > @mid) AS current_n,
                  sum(s.sold_at <= @mid) AS prev_n
             FROM sales s JOIN cards c ON c.id = s.card_id
            WHERE s.sold_at > @start AND s.sold_at <= @asOf
            GROUP BY c.category, c.label
         )
        WHERE current_n >= @min AND prev_n >= @min`,
    )
    .run({ asOf: asOfMs, mid: asOfMs - 7 * DAY_MS, start: asOfMs - 14 * DAY_MS, min: MOVERS_MIN_SALES });
  return result.changes;
}
