import type { ValueParams } from '../../contract/params';
import type { GradeValue } from '../../contract/resources';
import { DAY_MS } from '../store/time';
import {
  matchingCards,
  noMatchError,
  type QueryContext,
  type SaleSelection,
  sampleInWindow,
} from './card-sales';
import { type GradeGroup, gradeGroups, summaryOfCents, summaryOfGroups } from './grade-groups';
import { type CellPrices, sortEachCell, spreadConfidence } from './like-for-like';
import { cellsOf, priceOfPacked, type SaleSample, type SampleCells } from './sale-columns';
import { type PriceSummary, roundCents } from './stats';

/** decisions.md: the value uses the last 90 days, widened to 365 when fewer than 5 sales fall in it. */
export const VALUE_WINDOW_DAYS = 90;
export const VALUE_WIDE_WINDOW_DAYS = 365;
export const VALUE_MIN_SALES = 5;

export interface ValueSample {
  cardIds: number[];
  windowDays: number;
  /** The sales of the window used (after the grade and price filters), card by card. */
  sales: SaleSample;
  summary: PriceSummary;
  /** The grade ladder (by_grade). */
  ladder: GradeValue[];
  /** The sales by cell (card and grade), in time order. */
  cells: SampleCells;
  /** Each cell's prices, ascending (the same cells). */
  cellPrices: CellPrices;
  /** The query's sales (after the filters) in the last 90 days. */
  sales90d: number;
}

/** Resolves q, gathers the sales of the value window, and summarises them; no_match when empty. */
export async function valueSample(context: QueryContext, params: ValueParams): Promise<ValueSample> {
  const cardIds = await matchingCards(context.reader, params.q);
  const selection: SaleSelection = {
    grade: params.grade,
    minPrice: params.min_price,
    maxPrice: params.max_price,
  };
  if (cardIds.length === 0) {
    throw await noMatchError(context, params.q, VALUE_WIDE_WINDOW_DAYS, selection, false);
  }
  let windowDays = VALUE_WINDOW_DAYS;
  let sales = sampleInWindow(context, cardIds, windowDays, selection);
  if (sales.n < VALUE_MIN_SALES) {
    windowDays = VALUE_WIDE_WINDOW_DAYS;
    sales = sampleInWindow(context, cardIds, windowDays, selection);
  }
  if (sales.n === 0) throw await noMatchError(context, params.q, windowDays, selection, true);
  const since90 = context.asOfMs - VALUE_WINDOW_DAYS * DAY_MS;
  let sales90d = 0;
  for (let i = 0; i < sales.n; i += 1) if ((sales.soldAt[i] as number) > since90) sales90d += 1;
  const groups = gradeGroups(sales);
  const ladder = gradeLadder(groups);
  const summary = summaryOfGroups(groups);
  const cells = cellsOf(sales);
  const values = new Float64Array(sales.n);
  cells.order.forEach((position, k) => {
    values[k] = priceOfPacked(sales.packed[position] as number);
  });
  const cellPrices = { values, start: cells.start };
  sortEachCell(cellPrices);
  return { cardIds, windowDays, sales, summary, ladder, cells, cellPrices, sales90d };
}

/** The members that /v1/value and /v3/value share, `window_days` included. */
export function valueCore(params: ValueParams, sample: ValueSample) {
  const { summary } = sample;
  return {
    query: params.q,
    grade: params.grade ?? null,
    currency: 'USD',
    sample_size: summary.n,
    value: roundCents(summary.median),
    low: roundCents(summary.p25),
    high: roundCents(summary.p75),
    min: roundCents(summary.min),
    max: roundCents(summary.max),
    avg: roundCents(summary.avg),
    confidence: spreadConfidence(sample.cellPrices, sample.sales90d),
    by_grade: sample.ladder,
    window_days: sample.windowDays,
  };
}

function gradeLadder(groups: GradeGroup[]): GradeValue[] {
  return groups.map(({ grade, cents }) => {
    const stats = summaryOfCents(cents);
    return {
      grade,
      value: roundCents(stats.median),
      low: roundCents(stats.p25),
      high: roundCents(stats.p75),
      min: roundCents(stats.min),
      max: roundCents(stats.max),
      sample_size: stats.n,
    };
  });
}
