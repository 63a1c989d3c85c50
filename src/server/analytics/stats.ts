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

/**
 * Rounds half away from zero to `digits` decimals, exactly on the decimal text (so 1.005 -> 1.01,
 * which `Math.round(x * 100) / 100` gets wrong). Never returns -0. Only values within a hair of a
 * half take the slower exact path.
 */
export function roundTo(value: number, digits: number): number {
  const magnitude = Math.abs(value);
  const factor = 10 ** digits;
  const scaled = magnitude * factor;
  const floor = Math.floor(scaled);
  const fraction = scaled - floor;
  const rounded =
    Math.abs(fraction - 0.5) > 1e-6
      ? (fraction > 0.5 ? floor + 1 : floor) / factor
      : Number(`${Math.round(Number(`${magnitude}e${digits}`))}e-${digits}`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Prices: cents. */
export const roundCents = (value: number): number => roundTo(value, 2);

/** Percentages: 2 decimals. */
export const roundPct = (value: number): number => roundTo(value, 2);
