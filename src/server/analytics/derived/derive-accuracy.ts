import type { LiquidityTier } from '../../../contract/resources';
import type { AccuracyFigures, AccuracySaleTuple } from '../../store/derived-tables';
import { DAY_MS } from '../../store/time';
import { percentileOfSorted } from '../stats';

/**
 * decisions.md, "Published accuracy": each sale s of the 84 days up to the as-of time is scored
 * against the value of its cell (card, grade) from that cell's sales strictly before s within 90
 * days, widened to 365 when fewer than 5 (as `/v1/value` computes a value: median, p25..p75), when
 * that window holds at least 3 sales. Computed at each rebuild, the same on both stores.
 */

export const ACCURACY_WINDOW_DAYS = 84;
/** The sales the accuracy reads: those after this time (the scored ones and their 365-day windows). */
export const accuracyReadAfter = (asOfMs: number): number => asOfMs - (ACCURACY_WINDOW_DAYS + 365) * DAY_MS;

/** The liquidity tier of a forecast window of `n` sales (3 or more). */
export const tierOf = (n: number): LiquidityTier => (n >= 30 ? 'liquid' : n >= 10 ? 'steady' : 'thin');

interface Tally {
  inside: number;
  errors: number[];
}

/** Every row (overall, each category, each tier with scored sales) from the sales after accuracyReadAfter. */
export function computeAccuracy(
  rows: readonly AccuracySaleTuple[],
  categoryOfCard: ReadonlyMap<number, string>,
  asOfMs: number,
): AccuracyFigures[] {
  const scoredAfter = asOfMs - ACCURACY_WINDOW_DAYS * DAY_MS;
  const tallies = new Map<string, Tally>();
  const tally = (key: string, inside: boolean, error: number) => {
    let entry = tallies.get(key);
    if (entry === undefined) {
      entry = { inside: 0, errors: [] };
      tallies.set(key, entry);
    }
    if (inside) entry.inside += 1;
    entry.errors.push(error);
  };

  const scoreCell = (cardId: number, times: number[], prices: number[]) => {
    const category = categoryOfCard.get(cardId) ?? '';
    let before = 0; // first sale at the time of sale i (the ones before it are strictly earlier)
    let from90 = 0;
    let from365 = 0;
    for (let i = 0; i < times.length; i += 1) {
      const at = times[i] as number;
      while ((times[before] as number) < at) before += 1;
      if (at <= scoredAfter || at > asOfMs) continue;
      while ((times[from90] as number) <= at - 90 * DAY_MS) from90 += 1;
      while ((times[from365] as number) <= at - 365 * DAY_MS) from365 += 1;
      const from = before - from90 >= 5 ? from90 : from365;
      const n = before - from;
      if (n < 3) continue;
      const sorted = Float64Array.from(prices.slice(from, before)).sort();
      const low = percentileOfSorted(sorted, 0.25);
      const value = percentileOfSorted(sorted, 0.5);
      const high = percentileOfSorted(sorted, 0.75);
      const price = prices[i] as number;
      const error = ((price - value) / value) * 100;
      const inside = low <= price && price <= high;
      tally('overall', inside, error);
      tally(`category\u0000${category}`, inside, error);
      tally(`liquidity\u0000${tierOf(n)}`, inside, error);
    }
  };

  // Cells of one card: its rows are together, in time order; split them by grade.
  let at = 0;
  while (at < rows.length) {
    const cardId = (rows[at] as AccuracySaleTuple)[0];
    const cells = new Map<string, { times: number[]; prices: number[] }>();
    for (; at < rows.length && (rows[at] as AccuracySaleTuple)[0] === cardId; at += 1) {
      const [, grade, price, soldAt] = rows[at] as AccuracySaleTuple;
      let cell = cells.get(grade);
      if (cell === undefined) {
        cell = { times: [], prices: [] };
        cells.set(grade, cell);
      }
      cell.times.push(soldAt);
      cell.prices.push(price);
    }
    for (const cell of cells.values()) scoreCell(cardId, cell.times, cell.prices);
  }

  const figures: AccuracyFigures[] = [];
  for (const [key, { inside, errors }] of tallies) {
    const [scope, name = ''] = key.split('\u0000') as [AccuracyFigures['scope'], string?];
    const sorted = Float64Array.from(errors).sort();
    const absolute = Float64Array.from(errors, Math.abs).sort();
    figures.push({
      scope,
      name,
      sales_scored: errors.length,
      coverage_iqr: (100 * inside) / errors.length,
      median_abs_pct_error: percentileOfSorted(absolute, 0.5),
      bias_pct: percentileOfSorted(sorted, 0.5),
    });
  }
  return figures;
}
