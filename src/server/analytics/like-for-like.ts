import { insertionSort, percentilesInPlace } from './stats';

/**
 * decisions.md, "Like for like: cells". A cell is one (card, grade): prices of different cards and
 * grades differ by factors of 10 to 1,000, so every signal that compares prices over time, or
 * measures their spread, compares a cell with itself and then combines the cells. Pure functions
 * of prices already grouped by cell (each group in ascending order); used by the value operations
 * and by the movers that each rebuild precomputes.
 */

/**
 * Prices grouped by cell: cell c's prices are `values[start[c] .. start[c + 1])`, ascending.
 * Typed arrays, because a broad query has tens of thousands of cells.
 */
export interface CellPrices {
  values: Float64Array;
  start: Int32Array;
}

/** Cells' prices from one list per cell (in any order): sorted into the typed form. */
export function cellPricesOf(groups: readonly (readonly number[])[]): CellPrices {
  const start = new Int32Array(groups.length + 1);
  groups.forEach((group, c) => {
    start[c + 1] = (start[c] as number) + group.length;
  });
  const values = new Float64Array(start[groups.length] as number);
  groups.forEach((group, c) => {
    values.set(group, start[c] as number);
  });
  sortEachCell({ values, start });
  return { values, start };
}

/** Sorts each cell's range in place (insertion sort for the many small cells). */
export function sortEachCell({ values, start }: CellPrices): void {
  for (let c = 0; c + 1 < start.length; c += 1) {
    const from = start[c] as number;
    const to = start[c + 1] as number;
    if (to - from > 24) {
      values.subarray(from, to).sort();
      continue;
    }
    insertionSort(values, from, to);
  }
}

/** The median of cell c (linear interpolation, as every percentile here). */
function cellMedian({ values, start }: CellPrices, c: number): number {
  const from = start[c] as number;
  const rank = ((start[c + 1] as number) - from - 1) * 0.5;
  const lower = Math.floor(rank);
  const low = values[from + lower] as number;
  const high = values[from + Math.min(lower + 1, Math.ceil(rank))] as number;
  return low + (rank - lower) * (high - low);
}

const cellSize = ({ start }: CellPrices, c: number): number =>
  (start[c + 1] as number) - (start[c] as number);

export interface MatchedChange {
  /** Weighted mean of ln(m_A / m_B) over the matched cells: the change as a log. */
  logChange: number;
  /** Sum of the weights min(n_A, n_B). */
  weight: number;
  /** Matched cells: cells with a sale in both windows. */
  cells: number;
  /** The matched cells' sales in both windows. */
  sales: number;
  /** sum(w * m_B) / sum(w): the matched cells' earlier level. */
  earlierLevel: number;
}

/**
 * The matched change between A (`recent`) and B (`earlier`), two groupings of the same cells (cell c
 * is the same card and grade in both): over cells with at least one sale in each window,
 * r = ln(m_A / m_B), w = min(n_A, n_B), g = sum(w r) / sum(w). Null when no cell is matched.
 */
export function matchedChange(recent: CellPrices, earlier: CellPrices): MatchedChange | null {
  let weighted = 0;
  let weight = 0;
  let level = 0;
  let matched = 0;
  let sales = 0;
  for (let c = 0; c + 1 < recent.start.length; c += 1) {
    const nA = cellSize(recent, c);
    const nB = cellSize(earlier, c);
    if (nA === 0 || nB === 0) continue;
    const w = Math.min(nA, nB);
    const earlierMedian = cellMedian(earlier, c);
    weighted += w * Math.log(cellMedian(recent, c) / earlierMedian);
    level += w * earlierMedian;
    weight += w;
    matched += 1;
    sales += nA + nB;
  }
  if (matched === 0) return null;
  return { logChange: weighted / weight, weight, cells: matched, sales, earlierLevel: level / weight };
}

/** A percentage change from a log change: 100 * (exp(g) - 1). */
export const pctOfLogChange = (logChange: number): number => 100 * Math.expm1(logChange);

/** trend_30d needs a weight of at least this. */
export const TREND_MIN_WEIGHT = 3;

/** decisions.md, trend_30d: the matched change of the last 30 days against the 30 before, or null. */
export function trendPct(recent: CellPrices, earlier: CellPrices): number | null {
  const change = matchedChange(recent, earlier);
  if (change === null || change.weight < TREND_MIN_WEIGHT) return null;
  return pctOfLogChange(change.logChange);
}

/** Movers list a label only with at least 3 matched cells and a weight of at least 5. */
export const MOVERS_MIN_CELLS = 3;
export const MOVERS_MIN_WEIGHT = 5;

export interface MoverFigures {
  pctChange: number;
  prevAvg: number;
  currentAvg: number;
  n: number;
}

/** decisions.md, movers: a label's figures from its cells' last 7 days (A) and the 7 before (B). */
export function moverFigures(recent: CellPrices, earlier: CellPrices): MoverFigures | null {
  const change = matchedChange(recent, earlier);
  if (change === null || change.cells < MOVERS_MIN_CELLS || change.weight < MOVERS_MIN_WEIGHT) return null;
  return {
    pctChange: pctOfLogChange(change.logChange),
    prevAvg: change.earlierLevel,
    currentAvg: change.earlierLevel * Math.exp(change.logChange),
    n: change.sales,
  };
}

/**
 * decisions.md, confidence (0..100): the spread of each sale around its own cell's median (cells of
 * the sample with at least 2 sales), as residuals e = ln(p) - ln(median of the cell);
 * q = tanh((p75(e) - p25(e)) / 2); freshness f = min(1, n90 / 5);
 * round(100 * (1 - min(1, 2q)) * min(1, sqrt(n_eff / 30)) * f), and 0 when n_eff < 2.
 */
export function spreadConfidence(cells: CellPrices, sales90d: number): number {
  const residuals = new Float64Array(cells.values.length);
  let nEff = 0;
  for (let c = 0; c + 1 < cells.start.length; c += 1) {
    if (cellSize(cells, c) < 2) continue;
    const logMedian = Math.log(cellMedian(cells, c));
    for (let i = cells.start[c] as number; i < (cells.start[c + 1] as number); i += 1) {
      residuals[nEff++] = Math.log(cells.values[i] as number) - logMedian;
    }
  }
  if (nEff < 2) return 0;
  // Selection, not a sort: a broad query has 50,000 residuals (stats.ts, percentilesInPlace).
  const quartiles = percentilesInPlace(residuals, 0, nEff, [0.25, 0.75]);
  const p25 = quartiles[0] as number;
  const p75 = quartiles[1] as number;
  const q = Math.tanh((p75 - p25) / 2);
  const freshness = Math.min(1, sales90d / 5);
  return Math.round(100 * (1 - Math.min(1, 2 * q)) * Math.min(1, Math.sqrt(nEff / 30)) * freshness);
}
