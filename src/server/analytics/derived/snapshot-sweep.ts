import type { SnapshotFigures } from '../../store/derived-tables';
import { percentileOfSorted } from '../stats';

/**
 * The daily listing snapshots, computed in one sweep over the days instead of one SQL scan per day.
 * A listing is active on day D when it was listed before the end of D and had not ended by its
 * start: firstDay <= D <= lastDay. The active set is kept in ask-price order, so every group's
 * prices come out sorted and the median needs no sort.
 */
export interface SweepListings {
  /** Index into `groups` of each listing's (category, label). */
  group: Int32Array;
  price: Float64Array;
  firstDay: Int32Array;
  /** Last day the listing was active; 2^31-1 while it is still active. */
  lastDay: Int32Array;
}

export interface SweepGroup {
  category: string;
  label: string;
}

export interface SweepSink {
  label(day: number, group: SweepGroup, figures: SnapshotFigures): void;
  category(day: number, category: string, labels: number, figures: SnapshotFigures): void;
}

export const STILL_ACTIVE = 2 ** 31 - 1;

export function sweepSnapshots(
  listings: SweepListings,
  groups: SweepGroup[],
  range: { firstDay: number; lastDay: number },
  sink: SweepSink,
): void {
  const count = listings.price.length;
  const categories = [...new Set(groups.map((group) => group.category))].sort();
  const categoryIndex = new Map(categories.map((category, i) => [category, i]));
  const groupCategory = Int32Array.from(groups, (group) => categoryIndex.get(group.category) as number);

  // Listings in order of their first day; each day's newcomers are merged into the active set.
  const byStart = Int32Array.from({ length: count }, (_, i) => i).sort(
    (a, b) => (listings.firstDay[a] as number) - (listings.firstDay[b] as number),
  );
  const byPrice = (a: number, b: number) =>
    (listings.price[a] as number) - (listings.price[b] as number) || a - b;
  let active: Int32Array = new Int32Array(0);
  let next = 0;

  const groupCount = new Int32Array(groups.length);
  const groupStart = new Int32Array(groups.length + 1);
  const categoryCount = new Int32Array(categories.length);
  const categoryStart = new Int32Array(categories.length + 1);
  const groupPrices = new Float64Array(count);
  const categoryPrices = new Float64Array(count);

  for (let day = range.firstDay; day <= range.lastDay; day += 1) {
    const newcomers: number[] = [];
    while (next < count && (listings.firstDay[byStart[next] as number] as number) <= day) {
      const id = byStart[next] as number;
      if ((listings.lastDay[id] as number) >= day) newcomers.push(id);
      next += 1;
    }
    newcomers.sort(byPrice);
    active = mergeActive(active, newcomers, day, listings.lastDay, byPrice);
    if (active.length === 0) continue;

    // Counting sort by group and by category; stable, so each bucket stays in price order.
    groupCount.fill(0);
    categoryCount.fill(0);
    for (const id of active) {
      const group = listings.group[id] as number;
      groupCount[group] = (groupCount[group] as number) + 1;
      const category = groupCategory[group] as number;
      categoryCount[category] = (categoryCount[category] as number) + 1;
    }
    prefixSums(groupCount, groupStart);
    prefixSums(categoryCount, categoryStart);
    const groupFill = groupStart.slice(0, groups.length);
    const categoryFill = categoryStart.slice(0, categories.length);
    for (const id of active) {
      const group = listings.group[id] as number;
      const category = groupCategory[group] as number;
      groupPrices[groupFill[group] as number] = listings.price[id] as number;
      groupFill[group] = (groupFill[group] as number) + 1;
      categoryPrices[categoryFill[category] as number] = listings.price[id] as number;
      categoryFill[category] = (categoryFill[category] as number) + 1;
    }

    const labelsPerCategory = new Int32Array(categories.length);
    for (let g = 0; g < groups.length; g += 1) {
      const n = groupCount[g] as number;
      if (n === 0) continue;
      const category = groupCategory[g] as number;
      labelsPerCategory[category] = (labelsPerCategory[category] as number) + 1;
      const start = groupStart[g] as number;
      sink.label(day, groups[g] as SweepGroup, figuresOf(groupPrices.subarray(start, start + n)));
    }
    for (let c = 0; c < categories.length; c += 1) {
      const n = categoryCount[c] as number;
      if (n === 0) continue;
      const start = categoryStart[c] as number;
      sink.category(
        day,
        categories[c] as string,
        labelsPerCategory[c] as number,
        figuresOf(categoryPrices.subarray(start, start + n)),
      );
    }
  }
}

function mergeActive(
  active: Int32Array,
  newcomers: number[],
  day: number,
  lastDay: Int32Array,
  byPrice: (a: number, b: number) => number,
): Int32Array {
  const merged = new Int32Array(active.length + newcomers.length);
  let size = 0;
  let j = 0;
  for (const id of active) {
    if ((lastDay[id] as number) < day) continue;
    while (j < newcomers.length && byPrice(newcomers[j] as number, id) < 0) {
      merged[size] = newcomers[j] as number;
      size += 1;
      j += 1;
    }
    merged[size] = id;
    size += 1;
  }
  while (j < newcomers.length) {
    merged[size] = newcomers[j] as number;
    size += 1;
    j += 1;
  }
  return merged.subarray(0, size);
}

function prefixSums(counts: Int32Array, starts: Int32Array): void {
  starts[0] = 0;
  for (let i = 0; i < counts.length; i += 1) starts[i + 1] = (starts[i] as number) + (counts[i] as number);
}

/** Figures of an ascending, non-empty run of ask prices. */
function figuresOf(sorted: Float64Array): SnapshotFigures {
  let total = 0;
  for (const price of sorted) total += price;
  return {
    listings: sorted.length,
    avg: total / sorted.length,
    median: percentileOfSorted(sorted, 0.5),
    floor_min: sorted[0] as number,
    total_value: total,
  };
}
