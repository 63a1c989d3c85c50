import {
  type AccuracyData,
  type AccuracyRow,
  LIQUIDITY_TIERS,
  type NextSaleAccuracy,
  PRICE_BANDS,
} from '../../contract/resources';
import { roundPct } from '../../contract/rounding';
import type { AccuracyFigures } from '../store/derived-tables';
import { isoOfMs } from '../store/time';
import { AnalyticsError } from './analytics-error';
import { requireAsOf } from './card-sales';
import { ACCURACY_WINDOW_DAYS } from './derived/derive-accuracy';
import type { MarketContext } from './market-context';
import { NEXT_SALE_LEVEL } from './next-sale';

const rowOf = (figures: AccuracyFigures): AccuracyRow => ({
  sales_scored: figures.sales_scored,
  coverage_iqr: roundPct(figures.coverage_iqr),
  median_abs_pct_error: roundPct(figures.median_abs_pct_error),
  bias_pct: roundPct(figures.bias_pct),
  next_sale: figures.next_sale === null ? null : nextSaleRow(figures.next_sale),
});

const nextSaleRow = (n: NextSaleAccuracy): NextSaleAccuracy => ({
  scored: n.scored,
  coverage: roundPct(n.coverage),
  below_pct: roundPct(n.below_pct),
  above_pct: roundPct(n.above_pct),
  median_abs_pct_error: roundPct(n.median_abs_pct_error),
  within_10_pct: roundPct(n.within_10_pct),
  median_width_pct: roundPct(n.median_width_pct),
  interval_score: roundPct(n.interval_score),
});

/** The rows of one scope, keyed by name. */
const rowsOf = (figures: readonly AccuracyFigures[], scope: AccuracyFigures['scope']) =>
  new Map(figures.filter((row) => row.scope === scope).map((row) => [row.name, row]));

/**
 * `/v1/accuracy` (decisions.md, "Published accuracy"): the rows precomputed at each rebuild
 * (analytics/derived/derive-accuracy.ts), categories by name, tiers thin, steady, liquid, price
 * bands low to high, each row with its next-sale figures. `no_match` while
 * no sale could be scored.
 */
export async function accuracyData(ctx: MarketContext): Promise<AccuracyData> {
  const asOfMs = requireAsOf((await ctx.reader.state()).asOfMs);
  const figures = await ctx.reader.accuracy();
  const overall = figures.find((row) => row.scope === 'overall');
  if (overall === undefined) {
    throw new AnalyticsError(
      'no_match',
      'No sale of the last 84 days could be scored yet: a sale is scored when its card and grade sold at least 3 times before it.',
    );
  }
  const byCategory = figures
    .filter((row) => row.scope === 'category')
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const byTier = rowsOf(figures, 'liquidity');
  const byBand = rowsOf(figures, 'price_band');
  return {
    as_of: isoOfMs(asOfMs),
    window_days: ACCURACY_WINDOW_DAYS,
    overall: rowOf(overall),
    by_category: byCategory.map((row) => ({ category: row.name, ...rowOf(row) })),
    by_liquidity: LIQUIDITY_TIERS.flatMap((tier) => {
      const row = byTier.get(tier);
      return row === undefined ? [] : [{ tier, ...rowOf(row) }];
    }),
    by_price_band: PRICE_BANDS.flatMap((band) => {
      const row = byBand.get(band);
      return row === undefined ? [] : [{ band, ...rowOf(row) }];
    }),
    level: NEXT_SALE_LEVEL,
  };
}
