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

/** The median of values[from..to). */
const medianOf = (values: Float64Array, from: number, to: number): number => {
  const sorted = values.slice(from, to).sort();
  const mid = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(mid)] as number) + (sorted[Math.ceil(mid)] as number)) / 2;
};

/** Rows by card, then time: cells, and the labels' and categories' matched weekly changes. */
export function prepareMarket(
  rows: readonly AccuracySaleTuple[],
  cardGroups: ReadonlyMap<number, readonly [category: string, label: string]>,
  asOfMs: number,
  readDays: number = NEXT_SALE_READ_DAYS,
): PreparedMarket {
  const weeks = Math.ceil(readDays / 7) + 1;
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
    const groupSums = [sumsOf(`${category}\u0000${label}`), sumsOf(category)];
    for (const [grade, cell] of byGrade) {
      const times = Float64Array.from(cell.times);
      const prices = Float64Array.from(cell.prices);
      const cellWeeks = Int32Array.from(times, (ms) => weekOf(asOfMs, ms));
      cells.push({ cardId, grade, category, label, times, prices, weeks: cellWeeks });
      // The cell's sales in time order come in runs of one week each, the weeks descending: a run of
      // week j after one of week j + 1 is matched with it (weight the smaller count).
      let runStart = 0;
      let previous = { week: -1, median: 0, count: 0 };
      for (let i = 1; i <= times.length; i += 1) {
        if (i < times.length && cellWeeks[i] === cellWeeks[runStart]) continue;
        const week = cellWeeks[runStart] as number;
        const run = { week, median: medianOf(prices, runStart, i), count: i - runStart };
        if (previous.week === week + 1) {
          const w = Math.min(run.count, previous.count);
          const r = Math.log(run.median / previous.median);
          for (const entry of groupSums) {
            entry.weighted[week] = (entry.weighted[week] as number) + w * r;
            entry.weight[week] = (entry.weight[week] as number) + w;
          }
        }
        previous = run;
        runStart = i;
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
  weights: Float64Array;
  recent: number[];
}

export const scratchFor = (market: PreparedMarket): Scratch => {
  const size = market.cells.reduce((most, cell) => Math.max(most, cell.times.length), 1);
  return {
    logs: new Float64Array(size),
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
 * Each sale's weight relative to the cell's latest, 2^((t - t_last) / H): a forecast's weights,
 * 2^(-age / H), are these times one factor, which neither a weighted quantile nor n_eff sees.
 */
export const cellWeights = (cell: PreparedCell, halfLifeDays: number): Float64Array => {
  const last = cell.times[cell.times.length - 1] as number;
  return Float64Array.from(cell.times, (ms) => 2 ** ((ms - last) / (halfLifeDays * DAY_MS)));
};

/**
 * The forecast of cell `cell` at time `atMs` from its sales before `atMs` (strictly, or up to it
 * inclusive with `inclusive`) within COMPS_DAYS, restated to the level of week `reference`
 * (comps in a more recent week count at that level), weighted by `weightOf` (cellWeights); null
 * with fewer than MIN_COMPS.
 */
export function forecastAt(
  market: PreparedMarket,
  cell: PreparedCell,
  atMs: number,
  reference: number,
  inclusive: boolean,
  weightOf: Float64Array,
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
  const { logs, weights, recent } = scratch;
  recent.length = 0;
  for (let k = start; k < end; k += 1) if ((weeks[k] as number) < reference) recent.push(k);
  recent.sort((a, b) => (prices[a] as number) - (prices[b] as number) || a - b);
  const logOfRecent = (r: number) =>
    r < recent.length ? Math.log(prices[recent[r] as number] as number) : Number.POSITIVE_INFINITY;
  // Merge the comps of weeks at or before the reference (in deflated order) with the recent ones.
  let size = 0;
  let r = 0;
  let nextRecent = logOfRecent(0);
  const push = (k: number, log: number) => {
    logs[size] = log;
    weights[size] = weightOf[k] as number;
    size += 1;
  };
  for (const k of byDeflated) {
    if (k < start || k >= end || (weeks[k] as number) < reference) continue;
    const log = (deflated[k] as number) + shift;
    while (nextRecent < log) {
      push(recent[r] as number, nextRecent);
      r += 1;
      nextRecent = logOfRecent(r);
    }
    push(k, log);
  }
  for (; r < recent.length; r += 1) push(recent[r] as number, logOfRecent(r));
  const in90 = end - firstAfter(times, start, end, atMs - 90 * DAY_MS);
  const staleDays = (atMs - (times[end - 1] as number)) / DAY_MS;
  return cellForecast(logs, weights, n, in90 >= 5 ? in90 : n, staleDays);
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
    const first = firstAfter(times, 0, times.length, fromMs);
    if (first === times.length || times.length <= MIN_COMPS) return;
    const weights = cellWeights(cell, halfLifeDays);
    for (let i = first; i < times.length; i += 1) {
      const at = times[i] as number;
      if (at > toMs) break;
      const forecast = forecastAt(market, cell, at, (cell.weeks[i] as number) + 1, false, weights, scratch);
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
    if (firstAfter(cell.times, 0, cell.times.length, atMs) < COHORT_MIN_COMPS) continue;
    const weights = cellWeights(cell, halfLifeDays);
    const forecast = forecastAt(market, cell, atMs, reference, true, weights, scratch);
    if (forecast === null || forecast.comps < COHORT_MIN_COMPS) continue;
    const band = bandOf(Math.exp(forecast.centre));
    add(cohortKey(cell.category, band), forecast.cellScale);
    add(cohortKey('', band), forecast.cellScale);
    add('', forecast.cellScale);
  }
  const scales: CohortScales = {};
  for (const [key, list] of lists) scales[key] = medianOf(Float64Array.from(list), 0, list.length);
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
