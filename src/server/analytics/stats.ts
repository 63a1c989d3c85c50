/** Descriptive statistics of decisions.md: linear-interpolation percentiles and output rounding. */

/** Percentile of an ascending array, interpolating linearly between closest ranks (numpy default). */
export function percentileOfSorted(sorted: ArrayLike<number>, fraction: number): number {
  const n = sorted.length;
  if (n === 0) throw new Error('percentile of an empty sample');
  const rank = (n - 1) * fraction;
  const lower = Math.floor(rank);
  const upper = Math.min(n - 1, lower + 1);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return low + (rank - lower) * (high - low);
}

export interface PriceSummary {
  n: number;
  min: number;
  max: number;
  avg: number;
  p25: number;
  median: number;
  p75: number;
}

/** Summary of a non-empty sample already in ascending order (no copy, no sort). */
export function summarizeSorted(sorted: ArrayLike<number>): PriceSummary {
  const n = sorted.length;
  let sum = 0;
  for (let i = 0; i < n; i += 1) sum += sorted[i] as number;
  return {
    n,
    min: sorted[0] as number,
    max: sorted[n - 1] as number,
    avg: sum / n,
    p25: percentileOfSorted(sorted, 0.25),
    median: percentileOfSorted(sorted, 0.5),
    p75: percentileOfSorted(sorted, 0.75),
  };
}

/** Typed arrays the selection below reorders in place. */
export type NumberArray = Float64Array | Uint32Array;

/** Below this many values a range is sorted by insertion: cheaper than selecting in it. */
const SMALL_RANGE = 24;
/** Below this many values the engine's sort beats selection in JavaScript (measured: 2x at 200). */
const SORT_BELOW = 1000;

/** Sorts values[from..to) in place by insertion (short ranges). */
export function insertionSort(values: NumberArray, from: number, to: number): void {
  for (let i = from + 1; i < to; i += 1) {
    const value = values[i] as number;
    let j = i - 1;
    while (j >= from && (values[j] as number) > value) {
      values[j + 1] = values[j] as number;
      j -= 1;
    }
    values[j + 1] = value;
  }
}

/**
 * Quickselect: reorders values[from..to) so that position k holds what it would hold sorted, with
 * nothing larger before it and nothing smaller after it. Linear on average; a range that keeps
 * splitting badly is sorted instead, so the worst case is a sort's.
 */
export function selectInPlace(values: NumberArray, from: number, to: number, k: number): void {
  let left = from;
  let right = to - 1;
  let budget = 2 * Math.ceil(Math.log2(to - from + 1)) + 8;
  while (right - left >= SMALL_RANGE) {
    if (budget-- === 0) {
      values.subarray(left, right + 1).sort();
      return;
    }
    const middle = (left + right) >>> 1;
    // Median of three as the pivot.
    const a = values[left] as number;
    const b = values[middle] as number;
    const c = values[right] as number;
    const pivot = Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    let i = left;
    let j = right;
    while (i <= j) {
      while ((values[i] as number) < pivot) i += 1;
      while ((values[j] as number) > pivot) j -= 1;
      if (i <= j) {
        const swap = values[i] as number;
        values[i] = values[j] as number;
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    // [left, j] <= pivot, [i, right] >= pivot, and anything between them equals the pivot.
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
  insertionSort(values, left, right + 1);
}

/**
 * The percentiles of values[from..to) (not empty) at ascending fractions, as percentileOfSorted
 * would give them on the sorted range, found by selection instead of a sort. Reorders the range.
 * A Float64Array, not an array: an array of numbers holds small integers or doubles as the data
 * has it, and V8 deoptimized the callers' compiled code each time that changed (history on
 * `topps`: 44 deoptimizations a call).
 */
export function percentilesInPlace(
  values: NumberArray,
  from: number,
  to: number,
  fractions: readonly number[],
): Float64Array {
  const n = to - from;
  if (n < SORT_BELOW) {
    const sorted = values.subarray(from, to).sort();
    return Float64Array.from(fractions, (fraction) => percentileOfSorted(sorted, fraction));
  }
  // Positions below `placed` are settled only in that none is larger than what is at `placed`.
  let placed = from - 1;
  const at = (rank: number): number => {
    const position = from + rank;
    if (position === placed) return values[position] as number;
    if (position === placed + 1) {
      // The smallest of what is right of `placed`: a scan, not a selection.
      let best = position;
      for (let i = position + 1; i < to; i += 1)
        if ((values[i] as number) < (values[best] as number)) best = i;
      const swap = values[best] as number;
      values[best] = values[position] as number;
      values[position] = swap;
    } else {
      selectInPlace(values, placed + 1, to, position);
    }
    placed = position;
    return values[position] as number;
  };
  return Float64Array.from(fractions, (fraction) => {
    const rank = (n - 1) * fraction;
    const lower = Math.floor(rank);
    const upper = Math.min(n - 1, lower + 1);
    const low = at(lower);
    const high = at(upper);
    return low + (rank - lower) * (high - low);
  });
}

/**
 * Summary of whole numbers (cents) in values[from..to), not empty, without sorting them: the same
 * numbers as summarizeSorted of the sorted range (a sum of whole numbers below 2^53 is exact in
 * any order; past that the range is sorted and summed in order). Reorders the range.
 */
export function summarizeWholeRange(values: NumberArray, from: number, to: number): PriceSummary {
  const n = to - from;
  if (n < SORT_BELOW) return summarizeSorted(values.subarray(from, to).sort());
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = from; i < to; i += 1) {
    const value = values[i] as number;
    sum += value;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (!(Math.max(Math.abs(min), Math.abs(max)) * n < 2 ** 53)) {
    return summarizeSorted(values.subarray(from, to).sort());
  }
  const quartiles = percentilesInPlace(values, from, to, [0.25, 0.5, 0.75]);
  const p25 = quartiles[0] as number;
  const median = quartiles[1] as number;
  const p75 = quartiles[2] as number;
  return { n, min, max, avg: sum / n, p25, median, p75 };
}
