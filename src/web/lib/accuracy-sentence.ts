import type {
  AccuracyData,
  AccuracyRow,
  LiquidityTier,
  NextSaleAccuracy,
  PriceBand,
} from '../../contract/resources';
import { formatDecimal, formatInteger, formatPercent } from './format';

/** A share or a size of error, unsigned: `34.11%`. */
export const formatShare = (value: number): string => `${formatDecimal(value, 2)}%`;

/**
 * Plain sentences of `/v1/accuracy` (decisions.md, "Published accuracy"): what a row says about the
 * values a reader sees. Pure, so tested on their own.
 */
export function accuracySentence(row: AccuracyRow): string {
  return `The next sale of a card fell inside the middle half of its earlier sales (p25 to p75) ${formatShare(row.coverage_iqr)} of the time; the median's median error was ${formatShare(row.median_abs_pct_error)}.`;
}

/**
 * The bias in words, and what its sign means: the median of (price - value) / value, so below zero
 * the next sales came in under the values (values too high, as past prices are in a falling market).
 */
export function biasSentence(bias: number): string {
  if (bias === 0)
    return 'At the median, sales came in neither above nor below the value: no lean either way.';
  const way = bias > 0 ? 'above' : 'below';
  const meaning =
    bias > 0
      ? 'the values sat too low, as a median of past sales does while prices rise'
      : 'the values sat too high, as a median of past sales does while prices fall';
  return `At the median, sales came in ${formatShare(Math.abs(bias))} ${way} the value (a bias of ${formatPercent(bias)}): ${meaning}.`;
}

/** How many sales each row rests on. */
export const scoredPhrase = (row: AccuracyRow): string => `${formatInteger(row.sales_scored)} sales scored`;

/** The tier of a value resting on `sales` sales of its card and grade (thin 3-9, steady 10-29, liquid 30+). */
export function tierOfSales(sales: number): LiquidityTier | null {
  if (sales < 3) return null;
  return sales >= 30 ? 'liquid' : sales >= 10 ? 'steady' : 'thin';
}

export const TIER_WORDS: Record<LiquidityTier, string> = {
  thin: 'thin (3 to 9 earlier sales)',
  steady: 'steady (10 to 29 earlier sales)',
  liquid: 'liquid (30 or more earlier sales)',
};

/**
 * The row that applies to a value of `sales` sales in `category`: its liquidity tier's, else its
 * category's; null when neither was scored.
 */
export function applicableRow(
  data: AccuracyData,
  sales: number,
  category: string | undefined,
): { row: AccuracyRow; scope: string } | null {
  const tier = tierOfSales(sales);
  const tierRow = tier === null ? undefined : data.by_liquidity.find((row) => row.tier === tier);
  if (tierRow !== undefined && tier !== null) return { row: tierRow, scope: `${tier} cards` };
  const categoryRow = data.by_category.find((row) => row.category === category);
  if (categoryRow !== undefined) return { row: categoryRow, scope: categoryRow.category };
  return null;
}

/**
 * The next-sale range in words: how often it held the next sale (against its level), the misses on
 * each side, and the estimate's median error.
 */
export function nextSaleSentence(row: NextSaleAccuracy, level: number): string {
  return `The next sale fell inside its ${level} % range ${formatShare(row.coverage)} of the time (the range aims at ${level} %): ${formatShare(row.below_pct)} fell below it and ${formatShare(row.above_pct)} above; the estimate's median error was ${formatShare(row.median_abs_pct_error)}.`;
}

/** The price bands of `by_price_band`, by the estimate. */
export const BAND_WORDS: Record<PriceBand, string> = {
  under_100: 'under $100',
  '100_1k': '$100 to $1,000',
  '1k_10k': '$1,000 to $10,000',
  '10k_up': '$10,000 and up',
};

/** The band of an estimate (USD), as `/v1/accuracy` bands them. */
export const bandOf = (estimate: number): PriceBand =>
  estimate < 100 ? 'under_100' : estimate < 1000 ? '100_1k' : estimate < 10_000 ? '1k_10k' : '10k_up';
