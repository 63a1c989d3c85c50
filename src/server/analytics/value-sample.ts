import type { ValueParams } from '../../contract/params';
import type { GradeValue } from '../../contract/resources';
import type { MarketReader, SalePrices } from '../store/market-reader';
import { noSaleError, pricesInWindow, requireAsOf, resolveCards, type SaleSelection } from './card-sales';
import { pricesByGrade } from './grade-groups';
import { confidenceScore } from './signals';
import { type PriceSummary, roundCents, summarizeSorted } from './stats';

/** decisions.md: the value uses the last 90 days, widened to 365 when fewer than 5 sales fall in it. */
export const VALUE_WINDOW_DAYS = 90;
export const VALUE_WIDE_WINDOW_DAYS = 365;
export const VALUE_MIN_SALES = 5;

export interface ValueSample {
  asOfMs: number;
  cardIds: number[];
  selection: SaleSelection;
  windowDays: number;
  /** The sales of the window used (after the grade and price filters). */
  sales: SalePrices;
  summary: PriceSummary;
}

/** Resolves q, reads the sales of the value window, and summarises them; no_match when empty. */
export function valueSample(reader: MarketReader, params: ValueParams): ValueSample {
  const asOfMs = requireAsOf(reader.state().asOfMs);
  const cardIds = resolveCards(reader, params.q);
  const selection: SaleSelection = {
    grade: params.grade,
    minPrice: params.min_price,
    maxPrice: params.max_price,
  };
  let windowDays = VALUE_WINDOW_DAYS;
  let sales = pricesInWindow(reader, cardIds, asOfMs, windowDays, selection);
  if (sales.price.length < VALUE_MIN_SALES) {
    windowDays = VALUE_WIDE_WINDOW_DAYS;
    sales = pricesInWindow(reader, cardIds, asOfMs, windowDays, selection);
  }
  if (sales.price.length === 0) throw noSaleError(params.q, windowDays, selection);
  return { asOfMs, cardIds, selection, windowDays, sales, summary: summarizeSorted(sales.price) };
}

/** The members that /v1/value and /v3/value share. */
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
    confidence: confidenceScore(summary.p25, summary.p75, summary.n),
    by_grade: gradeLadder(sample.sales),
  };
}

function gradeLadder(sales: SalePrices): GradeValue[] {
  return pricesByGrade(sales).map(([grade, prices]) => {
    const stats = summarizeSorted(prices);
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
