import type { ValueParams } from '../../contract/params';
import type { GradeValue } from '../../contract/resources';
import { GRADE_CODE_SPAN } from '../store/market-reader';
import {
  breathe,
  gradeCodeOf,
  noMatchError,
  type QueryContext,
  type SaleSelection,
  sampleInWindow,
  scopedCards,
  summariesInWindow,
  windowFilter,
} from './card-sales';
import { gradeSummaries } from './grade-groups';
import { type CellPrices, sortEachCell, spreadConfidence } from './like-for-like';
import { cellsOf, gradeCounts, priceOfPacked, type SaleSample, type SampleCells } from './sale-columns';
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
  // The 365 days hold the ladder's grades (and the headline's sales when it widens); they are
  // counted, not copied (200,000 sales for `topps`): the 90 days are gathered.
  const filter = windowFilter(context.asOfMs, VALUE_WIDE_WINDOW_DAYS, selection);
  const gradeCode = gradeCodeOf(context, selection);
  const in365 = gradeCounts(context.columns, cardIds, filter, gradeCode);
  if (in365.every((count) => count === 0)) {
    throw await noMatchError(context, params.q, VALUE_WIDE_WINDOW_DAYS, selection, true);
  }
  await breathe();
  const recent = sampleInWindow(context, cardIds, VALUE_WINDOW_DAYS, selection);
  const widened = recent.n < VALUE_MIN_SALES;
  const windowDays = widened ? VALUE_WIDE_WINDOW_DAYS : VALUE_WINDOW_DAYS;
  const sales = widened ? sampleInWindow(context, cardIds, VALUE_WIDE_WINDOW_DAYS, selection) : recent;
  const sales90d = recent.n;
  await breathe();
  const headline = gradeSummaries(sales);
  // The grades that widen alone: their sales of the 365 days.
  const wide = new Uint8Array(GRADE_CODE_SPAN);
  let anyWide = false;
  for (let code = 0; code < GRADE_CODE_SPAN; code += 1) {
    const in90 = widened ? 0 : (headline.byCode[code]?.n ?? 0);
    if ((in365[code] as number) > 0 && in90 < VALUE_MIN_SALES) {
      wide[code] = 1;
      anyWide = true;
    }
  }
  const wideSummaries =
    widened || !anyWide
      ? headline.byCode
      : summariesInWindow(context, cardIds, VALUE_WIDE_WINDOW_DAYS, selection, wide).byCode;
  const ladder = gradeLadder(context.reader.gradeOfCode(), in365, wide, headline.byCode, wideSummaries);
  const summary = headline.all as PriceSummary;
  await breathe();
  const cells = cellsOf(sales);
  const values = new Float64Array(sales.n);
  cells.order.forEach((position, k) => {
    values[k] = priceOfPacked(sales.packed[position] as number);
  });
  const cellPrices = { values, start: cells.start };
  sortEachCell(cellPrices);
  await breathe();
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

/**
 * The ladder (decisions.md, "The ladder's rungs are single-grade answers"): one rung per grade with
 * a sale in the 365 days (`in365`, per grade code), each what the headline would be with that
 * grade: its sales of the last 90 days, or of the 365 when fewer than 5 fall in the 90 (`wide`).
 * By value, then grade. A grade with 5 sales in the 90 days is the headline's own grade summary
 * (`headline`, of the 90 days unless the headline widened); when the headline widened, no grade has
 * 5 in the 90 days and every rung is the headline's (365 days); so only the grades that widen
 * alone are summarised again (`wideSummaries`).
 */
function gradeLadder(
  gradeOfCode: readonly string[],
  in365: Int32Array,
  wide: Uint8Array,
  headline: readonly (PriceSummary | null)[],
  wideSummaries: readonly (PriceSummary | null)[],
): GradeValue[] {
  const rungs: GradeValue[] = [];
  for (let code = 0; code < GRADE_CODE_SPAN; code += 1) {
    if ((in365[code] as number) === 0) continue;
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
