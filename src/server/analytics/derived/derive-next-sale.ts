import type { LiquidityTier } from '../../../contract/resources';
import type { AccuracySaleTuple, NextSaleConstants } from '../../store/derived-tables';
import { DAY_MS } from '../../store/time';
import {
  type BucketQuantiles,
  bandOf,
  bucketKey,
  CALIBRATION_DAYS,
  type CellForecast,
  COHORT_MIN_COMPS,
  COMPS_DAYS,
  calibrate,
  cellForecast,
  forecastScale,
  LABEL_MIN_WEIGHT,
  MIN_COMPS,
} from '../next-sale';
import { WEEK_MS } from './derive-sales-index';

/**
 * The rebuild's side of the next sale (decisions.md, "The next sale"): every label's weekly
 * chained index, each cell's sales restated by it, the walk-forward forecasts of the sales of the
 * last 168 days (each from the cell's strictly earlier sales), the cohorts' scales and the
 * conformal quantiles. The same functions run the backtest (cli/backtest-next-sale.ts).
 */

/** Weeks of the label index kept for the value operations: the 53 before the as-of time. */
export const LIVE_INDEX_WEEKS = 53;
/** Days the rebuild reads before the as-of time: two calibration windows and the comps before them. */
export const NEXT_SALE_READ_DAYS = 2 * CALIBRATION_DAYS + COMPS_DAYS;

/** Week j >= 1 of a time: (D - 7j days, D - 7(j - 1) days]. */
export const weekOf = (asOfMs: number, ms: number): number => Math.floor((asOfMs - ms) / WEEK_MS) + 1;

/** Every cell (card, grade) of the rows, its sales in time order, and the weekly levels. */
export interface PreparedMarket {
  asOfMs: number;
  weeks: number;
  cells: PreparedCell[];
  /** Per label (`category\u0000label`): log level of each week 1..weeks (index 0 unused), week 1 = 0. */
  chainLevels: Map<string, Float64Array>;
  /** The same with the category's change standing in for a thin label's week. */
  nextLevels: Map<string, Float64Array>;
}

export interface PreparedCell {
  cardId: number;
  grade: string;
  category: string;
  label: string;
  times: Float64Array;
  prices: Float64Array;
  weeks: Int32Array;
  /** ln price - the label's next-sale level of its week. */
  deflated: Float64Array;
  /** Sale positions ascending by `deflated`. */
  byDeflated: Int32Array;
}

interface WeeklySums {
  weighted: Float64Array;
  weight: Float64Array;
}

const median = (values: number[]): number => {
  const sorted = Float64Array.from(values).sort();
  const mid = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(mid)] as number) + (sorted[Math.ceil(mid)] as number)) / 2;
};

/** Rows by card, then time: cells, and the labels' and categories' matched weekly changes. */
export function prepareMarket(
  rows: readonly AccuracySaleTuple[],
  cardGroups: ReadonlyMap<number, readonly [category: string, label: string]>,
  asOfMs: number,
): PreparedMarket {
  const weeks = Math.ceil(NEXT_SALE_READ_DAYS / 7) + 1;
  const sums = new Map<string, WeeklySums>();
  const sumsOf = (key: string): WeeklySums => {
    let entry = sums.get(key);
    if (entry === undefined) {
      entry = { weighted: new Float64Array(weeks + 2), weight: new Float64Array(weeks + 2) };
      sums.set(key, entry);
    }
    return entry;
  };
  const cells: Omit<PreparedCell, 'deflated' | 'byDeflated'>[] = [];
  let at = 0;
  while (at < rows.length) {
    const cardId = (rows[at] as AccuracySaleTuple)[0];
    const [category, label] = cardGroups.get(cardId) ?? ['', ''];
    const byGrade = new Map<string, { times: number[]; prices: number[] }>();
    for (; at < rows.length && (rows[at] as AccuracySaleTuple)[0] === cardId; at += 1) {
      const [, grade, price, soldAt] = rows[at] as AccuracySaleTuple;
      if (soldAt > asOfMs || weekOf(asOfMs, soldAt) > weeks) continue;
      let cell = byGrade.get(grade);
      if (cell === undefined) {
        cell = { times: [], prices: [] };
        byGrade.set(grade, cell);
      }
      cell.times.push(soldAt);
      cell.prices.push(price);
    }
    for (const [grade, { times, prices }] of byGrade) {
      const cellWeeks = Int32Array.from(times, (ms) => weekOf(asOfMs, ms));
      cells.push({
        cardId,
        grade,
        category,
        label,
        times: Float64Array.from(times),
        prices: Float64Array.from(prices),
        weeks: cellWeeks,
      });
      // The cell's median and count in each week; week j matched with week j + 1.
      const weekly = new Map<number, number[]>();
      cellWeeks.forEach((week, i) => {
        const list = weekly.get(week);
        if (list === undefined) weekly.set(week, [prices[i] as number]);
        else list.push(prices[i] as number);
      });
      for (const [week, recent] of weekly) {
        const earlier = weekly.get(week + 1);
        if (earlier === undefined) continue;
        const w = Math.min(recent.length, earlier.length);
        const r = Math.log(median(recent) / median(earlier));
        for (const key of [`${category}\u0000${label}`, category]) {
          const entry = sumsOf(key);
          entry.weighted[week] = (entry.weighted[week] as number) + w * r;
          entry.weight[week] = (entry.weight[week] as number) + w;
        }
      }
    }
  }
  const chainLevels = new Map<string, Float64Array>();
  const nextLevels = new Map<string, Float64Array>();
  const levelsOf = (change: (week: number) => number): Float64Array => {
    const levels = new Float64Array(weeks + 1);
    for (let week = 1; week < weeks; week += 1) levels[week + 1] = (levels[week] as number) - change(week);
    return levels;
  };
  const changeOf = (entry: WeeklySums | undefined, week: number): number =>
    entry === undefined || (entry.weight[week] as number) === 0
      ? 0
      : (entry.weighted[week] as number) / (entry.weight[week] as number);
  for (const cell of cells) {
    const key = `${cell.category}\u0000${cell.label}`;
    if (chainLevels.has(key)) continue;
    const own = sums.get(key);
    const category = sums.get(cell.category);
    chainLevels.set(
      key,
      levelsOf((week) => changeOf(own, week)),
    );
    nextLevels.set(
      key,
      levelsOf((week) =>
        (own?.weight[week] ?? 0) >= LABEL_MIN_WEIGHT ? changeOf(own, week) : changeOf(category, week),
      ),
    );
  }
  return {
    asOfMs,
    weeks,
    chainLevels,
    nextLevels,
    cells: cells.map((cell) => {
      const levels = nextLevels.get(`${cell.category}\u0000${cell.label}`) as Float64Array;
      const deflated = Float64Array.from(
        cell.prices,
        (price, i) => Math.log(price) - (levels[cell.weeks[i] as number] as number),
      );
      const byDeflated = Int32Array.from(deflated, (_, i) => i).sort(
        (a, b) => (deflated[a] as number) - (deflated[b] as number) || a - b,
      );
      return { ...cell, deflated, byDeflated };
    }),
  };
}

/** Scratch arrays for one forecast (the largest cell's size). */
export interface Scratch {
  logs: Float64Array;
  ages: Float64Array;
  weights: Float64Array;
  recent: number[];
}

export const scratchFor = (market: PreparedMarket): Scratch => {
  const size = market.cells.reduce((most, cell) => Math.max(most, cell.times.length), 1);
  return {
    logs: new Float64Array(size),
    ages: new Float64Array(size),
    weights: new Float64Array(size),
    recent: [],
  };
};

/** First position of ascending times[from..to) after `ms` (`to` when none). */
function firstAfter(times: Float64Array, from: number, to: number, ms: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] as number) <= ms) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The forecast of cell `cell` at time `atMs` from its sales before `atMs` (strictly, or up to it
 * inclusive with `inclusive`) within COMPS_DAYS, restated to the level of week `reference`
 * (comps in a more recent week count at that level); null with fewer than MIN_COMPS.
 */
export function forecastAt(
  market: PreparedMarket,
  cell: PreparedCell,
  atMs: number,
  reference: number,
  inclusive: boolean,
  halfLifeDays: number,
  scratch: Scratch,
): CellForecast | null {
  const { times, prices, weeks, deflated, byDeflated } = cell;
  const end = inclusive
    ? firstAfter(times, 0, times.length, atMs)
    : firstAfter(times, 0, times.length, atMs - 0.5);
  const start = firstAfter(times, 0, end, atMs - COMPS_DAYS * DAY_MS);
  const n = end - start;
  if (n < MIN_COMPS) return null;
  const levels = market.nextLevels.get(`${cell.category}\u0000${cell.label}`) as Float64Array;
  const shift = levels[reference] as number;
  const { logs, ages, recent } = scratch;
  recent.length = 0;
  for (let k = start; k < end; k += 1) if ((weeks[k] as number) < reference) recent.push(k);
  recent.sort((a, b) => (prices[a] as number) - (prices[b] as number) || a - b);
  // Merge the comps of weeks at or before the reference (in deflated order) with the recent ones.
  let size = 0;
  let r = 0;
  const push = (k: number, log: number) => {
    logs[size] = log;
    ages[size] = atMs - (times[k] as number);
    size += 1;
  };
  for (const k of byDeflated) {
    if (k < start || k >= end || (weeks[k] as number) < reference) continue;
    const log = (deflated[k] as number) + shift;
    while (r < recent.length && Math.log(prices[recent[r] as number] as number) < log) {
      push(recent[r] as number, Math.log(prices[recent[r] as number] as number));
      r += 1;
    }
    push(k, log);
  }
  for (; r < recent.length; r += 1)
    push(recent[r] as number, Math.log(prices[recent[r] as number] as number));
  const in90 = end - firstAfter(times, start, end, atMs - 90 * DAY_MS);
  const staleDays = (atMs - (times[end - 1] as number)) / DAY_MS;
  return cellForecast(logs, ages, n, in90 >= 5 ? in90 : n, staleDays, halfLifeDays, scratch.weights);
}

/** A sale of a window with its walk-forward forecast. */
export interface ScoredSale {
  cell: number;
  sale: number;
  price: number;
  forecast: CellForecast;
}

/** Every sale in (fromMs, toMs] with at least MIN_COMPS earlier comps, forecast from them. */
export function forecastSales(
  market: PreparedMarket,
  fromMs: number,
  toMs: number,
  halfLifeDays: number,
): ScoredSale[] {
  const scratch = scratchFor(market);
  const out: ScoredSale[] = [];
  market.cells.forEach((cell, c) => {
    const { times } = cell;
    for (let i = firstAfter(times, 0, times.length, fromMs); i < times.length; i += 1) {
      const at = times[i] as number;
      if (at > toMs) break;
      const forecast = forecastAt(
        market,
        cell,
        at,
        (cell.weeks[i] as number) + 1,
        false,
        halfLifeDays,
        scratch,
      );
      if (forecast !== null) out.push({ cell: c, sale: i, price: cell.prices[i] as number, forecast });
    }
  });
  return out;
}

/** Cohort scales as of a week's end `atMs` (week `reference` is the one it ends). */
export type CohortScales = Record<string, number>;

export const cohortKey = (category: string, band: string): string => `${category}\u0000${band}`;

/**
 * The median cell scale per cohort (category x price band of the centre) over cells with at least
 * COHORT_MIN_COMPS comps up to `atMs`; also per band (key `\u0000band`) and overall (key '').
 */
export function cohortScales(market: PreparedMarket, atMs: number, halfLifeDays: number): CohortScales {
  const scratch = scratchFor(market);
  const reference = weekOf(market.asOfMs, atMs);
  const lists = new Map<string, number[]>();
  const add = (key: string, scale: number) => {
    const list = lists.get(key);
    if (list === undefined) lists.set(key, [scale]);
    else list.push(scale);
  };
  for (const cell of market.cells) {
    const forecast = forecastAt(market, cell, atMs, reference, true, halfLifeDays, scratch);
    if (forecast === null || forecast.comps < COHORT_MIN_COMPS) continue;
    const band = bandOf(Math.exp(forecast.centre));
    add(cohortKey(cell.category, band), forecast.cellScale);
    add(cohortKey('', band), forecast.cellScale);
    add('', forecast.cellScale);
  }
  const scales: CohortScales = {};
  for (const [key, list] of lists) scales[key] = median(list);
  return scales;
}

export function cohortScaleOf(scales: CohortScales, category: string, centre: number): number | null {
  const band = bandOf(Math.exp(centre));
  return scales[cohortKey(category, band)] ?? scales[cohortKey('', band)] ?? scales[''] ?? null;
}

/** The conformal quantiles per bucket from the scores of `sales`. */
export function calibrateSales(
  market: PreparedMarket,
  sales: readonly ScoredSale[],
  cohort: CohortScales,
  constants: NextSaleConstants,
): Map<string, BucketQuantiles> {
  const byBucket = new Map<string, number[]>();
  for (const { cell, price, forecast } of sales) {
    const category = (market.cells[cell] as PreparedCell).category;
    const scale = forecastScale(forecast, cohortScaleOf(cohort, category, forecast.centre), constants);
    const key = bucketKey(forecast.tier as LiquidityTier, bandOf(Math.exp(forecast.centre)));
    const score = (Math.log(price) - forecast.centre) / scale;
    const list = byBucket.get(key);
    if (list === undefined) byBucket.set(key, [score]);
    else list.push(score);
  }
  return calibrate(byBucket);
}
