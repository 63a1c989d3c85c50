import type { ValueParams } from '../../contract/params';
import type { GradeValue } from '../../contract/resources';
import { roundCents } from '../../contract/rounding';
import { GRADE_CODE_SPAN } from '../store/market-reader';
import {
  noMatchError,
  type QueryContext,
  type SaleSelection,
  sampleInWindow,
  scopedCards,
  summariesInWindow,
  yieldIfLarge,
} from './card-sales';
import { gradeSummaries } from './grade-groups';
import { type CellPrices, sortEachCell, spreadConfidence } from './like-for-like';
import { cellsOf, priceOfPacked, type SaleSample, type SampleCells } from './sale-columns';
import type { PriceSummary } from './stats';

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
  /** How many sales its steps walk (`sales.n`): whether they yield (yieldIfLarge). */
  size: number;
}

/** Resolves q, gathers the sales of the value window, and summarises them; no_match when empty. */
export async function valueSample(context: QueryContext, params: ValueParams): Promise<ValueSample> {
  const selection: SaleSelection = {
    category: params.category,
    label: params.label,
    grade: params.grade,
    minPrice: params.min_price,
    maxPrice: params.max_price,
  };
  const cardIds = await scopedCards(context, params.q, selection);
  if (cardIds.length === 0) {
    throw await noMatchError(context, params.q, VALUE_WIDE_WINDOW_DAYS, selection, false);
  }
  const recent = sampleInWindow(context, cardIds, VALUE_WINDOW_DAYS, selection);
  const widened = recent.n < VALUE_MIN_SALES;
  const windowDays = widened ? VALUE_WIDE_WINDOW_DAYS : VALUE_WINDOW_DAYS;
  const sales = widened ? sampleInWindow(context, cardIds, VALUE_WIDE_WINDOW_DAYS, selection) : recent;
  if (sales.n === 0) throw await noMatchError(context, params.q, VALUE_WIDE_WINDOW_DAYS, selection, true);
  const sales90d = recent.n;
  // The question's size: the sales its steps walk (yieldIfLarge).
  const size = sales.n;
  await yieldIfLarge(size);
  const headline = gradeSummaries(sales);
  // The ladder's grades are those with a sale in the 365 days; those with fewer than 5 in the 90
  // widen alone, to their sales of the 365 days. When the headline widened, every rung is its
  // grade's summary in it; else the grades with fewer than 5 sales in the 90 days (none included)
  // are summarised in the 365 (one window pass, which also says which of them sold there).
  const wide = new Uint8Array(GRADE_CODE_SPAN);
  const in365 = new Uint8Array(GRADE_CODE_SPAN);
  let wideSummaries = headline.byCode;
  if (widened) {
    headline.byCode.forEach((stats, code) => {
      if (stats !== null) wide[code] = in365[code] = 1;
    });
  } else {
    const few = new Uint8Array(GRADE_CODE_SPAN);
    for (let code = 0; code < GRADE_CODE_SPAN; code += 1) {
      if ((headline.byCode[code]?.n ?? 0) < VALUE_MIN_SALES) few[code] = 1;
      else in365[code] = 1;
    }
    wideSummaries = summariesInWindow(context, cardIds, VALUE_WIDE_WINDOW_DAYS, selection, few).byCode;
    wideSummaries.forEach((stats, code) => {
      if (stats !== null) wide[code] = in365[code] = 1;
    });
  }
  const ladder = gradeLadder(context.reader.gradeOfCode(), in365, wide, headline.byCode, wideSummaries);
  const summary = headline.all as PriceSummary;
  await yieldIfLarge(size);
  const cells = cellsOf(sales);
  const values = new Float64Array(sales.n);
  cells.order.forEach((position, k) => {
    values[k] = priceOfPacked(sales.packed[position] as number);
  });
  const cellPrices = { values, start: cells.start };
  sortEachCell(cellPrices);
  await yieldIfLarge(size);
  return { cardIds, windowDays, sales, summary, ladder, cells, cellPrices, sales90d, size };
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

/**
 * The ladder (decisions.md, "The ladder's rungs are single-grade answers"): one rung per grade with
 * a sale in the 365 days (`in365`, a flag per grade code), each what the headline would be with
 * that grade: its sales of the last 90 days (the headline's own grade summary, `headline`), or of
 * the 365 when fewer than 5 fall in the 90 (`wide`: `wideSummaries`). By value, then grade.
 */
function gradeLadder(
  gradeOfCode: readonly string[],
  in365: Uint8Array,
  wide: Uint8Array,
  headline: readonly (PriceSummary | null)[],
  wideSummaries: readonly (PriceSummary | null)[],
): GradeValue[] {
  const rungs: GradeValue[] = [];
  for (let code = 0; code < GRADE_CODE_SPAN; code += 1) {
    if (in365[code] === 0) continue;
    const stats = (wide[code] === 1 ? wideSummaries[code] : headline[code]) as PriceSummary;
    rungs.push({
      grade: gradeOfCode[code] as string,
      value: roundCents(stats.median),
      low: roundCents(stats.p25),
      high: roundCents(stats.p75),
      min: roundCents(stats.min),
      max: roundCents(stats.max),
      sample_size: stats.n,
      window_days: wide[code] === 1 ? VALUE_WIDE_WINDOW_DAYS : VALUE_WINDOW_DAYS,
    });
  }
  return rungs.sort((a, b) => a.value - b.value || (a.grade < b.grade ? -1 : a.grade > b.grade ? 1 : 0));
}
