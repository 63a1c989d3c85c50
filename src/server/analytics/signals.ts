import { percentileOfSorted } from './stats';

/**
 * The spread- and velocity-based signals of decisions.md, as pure functions of their inputs.
 */

/** round(100 * (1 - min(1, 2 * cqd)) * min(1, sqrt(n / 30))), cqd = (p75 - p25) / (p75 + p25). */
export function confidenceScore(p25: number, p75: number, n: number): number {
  const cqd = p75 + p25 > 0 ? (p75 - p25) / (p75 + p25) : 0;
  return Math.round(100 * (1 - Math.min(1, 2 * cqd)) * Math.min(1, Math.sqrt(n / 30)));
}

/** round(100 * min(1, log10(1 + sales_90d) / log10(1 + 270))): three sales a day or more is 100. */
export function liquidityScore(sales90d: number): number {
  return Math.round(100 * Math.min(1, Math.log10(1 + sales90d) / Math.log10(1 + 270)));
}

/** Minimum sales in each 30-day window for a trend. */
export const TREND_MIN_SALES = 3;

/**
 * Percentage change of the median of the last 30 days against the median of the 30 days before;
 * null when either window has fewer than 3 sales. Unrounded.
 */
export function trendPct(recent: ArrayLike<number>, previous: ArrayLike<number>): number | null {
  if (recent.length < TREND_MIN_SALES || previous.length < TREND_MIN_SALES) return null;
  const recentMedian = percentileOfSorted(Float64Array.from(recent).sort(), 0.5);
  const previousMedian = percentileOfSorted(Float64Array.from(previous).sort(), 0.5);
  return ((recentMedian - previousMedian) / previousMedian) * 100;
}
