import { INDEX_START_DATE } from '../../../contract/param-limits';
import type { ListingTuple, SnapshotRowSink } from '../../store/derived-tables';
import { dateOfDayNumber, dayNumber, dayNumberOfDate } from '../../store/time';
import { STILL_ACTIVE, type SweepGroup, sweepSnapshots } from './snapshot-sweep';

/**
 * The daily snapshots from 2026-05-29 to the latest day with listing data, from every listing (in
 * any order: `count` of them), computed in one sweep (snapshot-sweep.ts) and handed to `sink`; the same
 * for both stores, which differ only in how they read and write.
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
