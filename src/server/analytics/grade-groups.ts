import { GRADE_CODE_SPAN } from '../store/market-reader';
import type { SaleSample } from './sale-columns';
import { type PriceSummary, summarizeSorted } from './stats';

/**
 * gradeGroups: a sample's prices grouped by grade in ladder order (Raw first, then by grade number,
 * then grader: the order of the grade codes), each group as whole cents in ascending order, and
 * the summary of all of them without sorting them together.
 *
 * Why not one sort of every price: a broad query's 365 days hold 200,000 sales, and sorting them as
 * doubles cost 8 to 17 ms here, over half of the 25 ms a q-driven call may take
 * (docs/bench/store.md). Cents are whole numbers: each grade sorts as a Uint32Array (about twice as
 * fast; a Float64Array only for a price of $42.9 million or more), and the overall percentiles are
 * order statistics of the union of the sorted groups, found by a binary search on the price: exact,
 * the same numbers as sorting everything.
 */
export interface GradeGroup {
  grade: string;
  /** Ascending. */
  cents: Uint32Array | Float64Array;
}

export function gradeGroups(sample: SaleSample): GradeGroup[] {
  const counts = new Int32Array(GRADE_CODE_SPAN);
  let maxCents = 0;
  for (let i = 0; i < sample.n; i += 1) {
    const packed = sample.packed[i] as number;
    const cents = Math.floor(packed / GRADE_CODE_SPAN);
    const code = packed - cents * GRADE_CODE_SPAN;
    counts[code] = (counts[code] as number) + 1;
    if (cents > maxCents) maxCents = cents;
  }
  const all = maxCents < 2 ** 32 ? new Uint32Array(sample.n) : new Float64Array(sample.n);
  const fill = new Int32Array(GRADE_CODE_SPAN);
  let offset = 0;
  for (let code = 0; code < GRADE_CODE_SPAN; code += 1) {
    fill[code] = offset;
    offset += counts[code] as number;
  }
  const starts = fill.slice();
  for (let i = 0; i < sample.n; i += 1) {
    const packed = sample.packed[i] as number;
    const cents = Math.floor(packed / GRADE_CODE_SPAN);
    const code = packed - cents * GRADE_CODE_SPAN;
    all[fill[code] as number] = cents;
    fill[code] = (fill[code] as number) + 1;
  }
  const groups: GradeGroup[] = [];
  for (let code = 0; code < GRADE_CODE_SPAN; code += 1) {
    const count = counts[code] as number;
    if (count === 0) continue;
    const start = starts[code] as number;
    const cents = all.subarray(start, start + count).sort();
    groups.push({ grade: sample.gradeOfCode[code] as string, cents });
  }
  return groups;
}

/** Summary (dollars) of one group's ascending cents. */
export function summaryOfCents(cents: ArrayLike<number>): PriceSummary {
  const summary = summarizeSorted(cents);
  return {
    n: summary.n,
    min: summary.min / 100,
    max: summary.max / 100,
    avg: summary.avg / 100,
    p25: summary.p25 / 100,
    median: summary.median / 100,
    p75: summary.p75 / 100,
  };
}

/** Summary (dollars) of every group together: the percentiles interpolate as on one sorted array. */
export function summaryOfGroups(groups: readonly GradeGroup[]): PriceSummary {
  let n = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const { cents } of groups) {
    n += cents.length;
    for (let i = 0; i < cents.length; i += 1) sum += cents[i] as number;
    min = Math.min(min, cents[0] as number);
    max = Math.max(max, cents[cents.length - 1] as number);
  }
  const at = (fraction: number) => {
    const rank = (n - 1) * fraction;
    const lower = Math.floor(rank);
    const low = orderStatistic(groups, lower, min, max);
    const high = rank > lower ? orderStatistic(groups, lower + 1, low, max) : low;
    return (low + (rank - lower) * (high - low)) / 100;
  };
  return {
    n,
    min: min / 100,
    max: max / 100,
    avg: sum / n / 100,
    p25: at(0.25),
    median: at(0.5),
    p75: at(0.75),
  };
}

/** The k-th smallest (0-based) whole-cent price of the union of sorted groups, between low and high. */
function orderStatistic(groups: readonly GradeGroup[], k: number, low: number, high: number): number {
  let lo = low;
  let hi = high;
  while (lo < hi) {
    const middle = Math.floor((lo + hi) / 2);
    let atMost = 0;
    for (const { cents } of groups) atMost += upperBound(cents, middle);
    if (atMost >= k + 1) hi = middle;
    else lo = middle + 1;
  }
  return lo;
}

/** How many of the ascending values are <= value. */
function upperBound(values: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const middle = (lo + hi) >>> 1;
    if ((values[middle] as number) <= value) lo = middle + 1;
    else hi = middle;
  }
  return lo;
}
