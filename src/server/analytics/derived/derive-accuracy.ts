import type { NextSale, NextSaleAccuracy } from '../../../contract/resources';
import type {
  AccuracyFigures,
  AccuracySaleTuple,
  DerivedAccuracy,
  NextSaleConstants,
  NextSaleModel,
} from '../../store/derived-tables';
import { DAY_MS } from '../../store/time';
import {
  bandOf,
  CALIBRATION_DAYS,
  forecastScale,
  NEXT_SALE_CONSTANTS,
  NEXT_SALE_LEVEL,
  nextSaleOf,
  tierOf,
} from '../next-sale';
import { percentileOfSorted } from '../stats';
import {
  calibrateSales,
  cohortScaleOf,
  cohortScales,
  forecastSales,
  LIVE_INDEX_WEEKS,
  NEXT_SALE_READ_DAYS,
  type PreparedCell,
  type PreparedMarket,
  prepareMarket,
  type ScoredSale,
} from './derive-next-sale';

/**
 * decisions.md, "Published accuracy": each sale s of the 84 days up to the as-of time is scored
 * against the value of its cell (card, grade) from that cell's sales strictly before s within 90
 * days, widened to 365 when fewer than 5 (as `/v1/value` computes a value: median, p25..p75), when
 * that window holds at least 3 sales; and against the next-sale range `/v3/value` would have given
 * just before it, calibrated on the 84 days before (out of sample). The same pass fits the live
 * next-sale model (derive-next-sale.ts). Computed at each rebuild, the same on both stores.
 */

export const ACCURACY_WINDOW_DAYS = 84;
/** The sales the accuracy and the next-sale model read: those after this time. */
export const accuracyReadAfter = (asOfMs: number): number => asOfMs - NEXT_SALE_READ_DAYS * DAY_MS;

interface Tally {
  inside: number;
  errors: number[];
  next: {
    inside: number;
    below: number;
    above: number;
    absErrors: number[];
    within10: number;
    widths: number[];
    winkler: number;
  };
}

/** A scored sale of the last 84 days: its cell, price, window value and published next-sale range. */
export interface ScoredOutcome {
  cell: PreparedCell;
  price: number;
  window: { value: number; low: number; high: number; n: number };
  next: NextSale | null;
}

/**
 * The sales of the last 84 days scored as published: each against its window value and the
 * next-sale range fitted and calibrated on days 85-168; with the walk-forward forecasts of those 84
 * days (the live calibration's).
 */
export function publishedOutcomes(
  market: PreparedMarket,
  constants: NextSaleConstants,
): { outcomes: ScoredOutcome[]; scored: ScoredSale[] } {
  const { asOfMs } = market;
  const { halfLifeDays } = constants;
  const scoredAfter = asOfMs - ACCURACY_WINDOW_DAYS * DAY_MS;
  const earlierFit = asOfMs - 2 * CALIBRATION_DAYS * DAY_MS;
  const sales = forecastSales(market, earlierFit, asOfMs, halfLifeDays);
  const timeOf = (sale: ScoredSale) => market.cells[sale.cell]?.times[sale.sale] as number;
  const scored = sales.filter((sale) => timeOf(sale) > scoredAfter);
  const earlierCohort = cohortScales(market, earlierFit, halfLifeDays);
  const earlierQuantiles = calibrateSales(
    market,
    sales.filter((sale) => timeOf(sale) <= scoredAfter),
    earlierCohort,
    constants,
  );
  const outcomes = scored.map((sale) => {
    const cell = market.cells[sale.cell] as PreparedCell;
    const scale = forecastScale(
      sale.forecast,
      cohortScaleOf(earlierCohort, cell.category, sale.forecast.centre),
      constants,
    );
    return {
      cell,
      price: sale.price,
      window: windowValue(cell.times, cell.prices, sale.sale),
      next: nextSaleOf(sale.forecast, scale, earlierQuantiles),
    };
  });
  return { outcomes, scored };
}

/** Every accuracy row and the live next-sale model from the sales after accuracyReadAfter, by card then time. */
export function computeAccuracy(
  rows: readonly AccuracySaleTuple[],
  cardGroups: ReadonlyMap<number, readonly [category: string, label: string]>,
  asOfMs: number,
  constants: NextSaleConstants = NEXT_SALE_CONSTANTS,
): DerivedAccuracy {
  const market = prepareMarket(rows, cardGroups, asOfMs);
  const { outcomes, scored } = publishedOutcomes(market, constants);
  const tallies = new Map<string, Tally>();
  for (const { cell, price, window, next } of outcomes) {
    const error = ((price - window.value) / window.value) * 100;
    const inside = window.low <= price && price <= window.high;
    const keys = ['overall', `category\u0000${cell.category}`, `liquidity\u0000${tierOf(window.n)}`];
    if (next !== null) keys.push(`price_band\u0000${bandOf(next.estimate)}`);
    for (const key of keys) {
      let tally = tallies.get(key);
      if (tally === undefined) {
        tally = {
          inside: 0,
          errors: [],
          next: { inside: 0, below: 0, above: 0, absErrors: [], within10: 0, widths: [], winkler: 0 },
        };
        tallies.set(key, tally);
      }
      if (inside) tally.inside += 1;
      tally.errors.push(error);
      if (next === null) continue;
      const t = tally.next;
      const absError = (Math.abs(price - next.estimate) / next.estimate) * 100;
      t.absErrors.push(absError);
      if (absError <= 10) t.within10 += 1;
      t.widths.push(((next.high - next.low) / next.estimate) * 100);
      const alpha = 1 - NEXT_SALE_LEVEL / 100;
      const miss = price < next.low ? next.low - price : price > next.high ? price - next.high : 0;
      t.winkler += ((next.high - next.low + (2 / alpha) * miss) / next.estimate) * 100;
      if (price < next.low) t.below += 1;
      else if (price > next.high) t.above += 1;
      else t.inside += 1;
    }
  }

  const figures: AccuracyFigures[] = [];
  for (const [key, { inside, errors, next }] of tallies) {
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
      next_sale: nextFigures(next),
    });
  }

  const liveFit = asOfMs - ACCURACY_WINDOW_DAYS * DAY_MS;
  const cohort = cohortScales(market, liveFit, constants.halfLifeDays);
  const quantiles = calibrateSales(market, scored, cohort, constants);
  const levels: NextSaleModel['levels'] = {};
  for (const [key, chain] of market.chainLevels) {
    const next = market.nextLevels.get(key) as Float64Array;
    levels[key] = {
      chain: Array.from(chain.subarray(1, LIVE_INDEX_WEEKS + 1)),
      next: Array.from(next.subarray(1, LIVE_INDEX_WEEKS + 1)),
    };
  }
  const model: NextSaleModel = {
    asOfMs,
    constants,
    levels,
    cohort,
    quantiles: Object.fromEntries(quantiles),
  };
  return { figures, model };
}

function nextFigures(next: Tally['next']): NextSaleAccuracy | null {
  const scored = next.absErrors.length;
  if (scored === 0) return null;
  const pct = (count: number) => (100 * count) / scored;
  return {
    scored,
    coverage: pct(next.inside),
    below_pct: pct(next.below),
    above_pct: pct(next.above),
    median_abs_pct_error: percentileOfSorted(Float64Array.from(next.absErrors).sort(), 0.5),
    within_10_pct: pct(next.within10),
    median_width_pct: percentileOfSorted(Float64Array.from(next.widths).sort(), 0.5),
    interval_score: next.winkler / scored,
  };
}

/**
 * The value of sale i's cell from its sales strictly before it within 90 days, widened to 365 when
 * fewer than 5 (median, p25, p75, and the window's count).
 */
function windowValue(
  times: Float64Array,
  prices: Float64Array,
  i: number,
): { value: number; low: number; high: number; n: number } {
  const at = times[i] as number;
  let before = i;
  while (before > 0 && (times[before - 1] as number) >= at) before -= 1;
  let from90 = before;
  while (from90 > 0 && (times[from90 - 1] as number) > at - 90 * DAY_MS) from90 -= 1;
  let from = from90;
  if (before - from90 < 5) {
    while (from > 0 && (times[from - 1] as number) > at - 365 * DAY_MS) from -= 1;
  }
  const sorted = prices.slice(from, before).sort();
  return {
    value: percentileOfSorted(sorted, 0.5),
    low: percentileOfSorted(sorted, 0.25),
    high: percentileOfSorted(sorted, 0.75),
    n: before - from,
  };
}
