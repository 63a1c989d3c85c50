import type { SoldData } from '../../../contract/resources';

/** The windows the comparison asks for, in days. */
export const COMPARISON_WINDOWS = [7, 30, 90, 180, 365] as const;

/** `median` is null for a window without a single sale (the API answers `no_match` there). */
export type ComparisonPoint = { days: number; median: number | null; sales: number };

export type WindowAnswer = { days: number; data: SoldData | undefined; noSales: boolean };

/**
 * What the comparison will cost before the user confirms: one call per window that the cache
 * cannot answer (a fresh cached answer costs nothing).
 */
export function comparisonCost(isCached: (days: number) => boolean): { calls: number; cached: number[] } {
  const cached = COMPARISON_WINDOWS.filter((days) => isCached(days));
  return { calls: COMPARISON_WINDOWS.length - cached.length, cached };
}

/** One point per window that has answered (with sales or with none), in window order. */
export function comparisonPoints(answers: readonly WindowAnswer[]): ComparisonPoint[] {
  const points: ComparisonPoint[] = [];
  for (const answer of answers) {
    if (answer.data !== undefined) {
      points.push({ days: answer.days, median: answer.data.median, sales: answer.data.sales });
    } else if (answer.noSales) {
      points.push({ days: answer.days, median: null, sales: 0 });
    }
  }
  return points.sort((a, b) => a.days - b.days);
}

export const costText = (calls: number): string =>
  calls === 0 ? 'no API call: every window is already cached' : `${calls} API call${calls === 1 ? '' : 's'}`;
