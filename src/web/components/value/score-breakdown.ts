import {
  BUY_SCORE_MIN_COMPS,
  type BuyScoreBreakdown,
  type BuyScoreContributions,
  buyScoreBreakdown,
  discountFromComps,
} from '../../../contract/buy-score';
import type { EnrichedValueData } from '../../../contract/resources';
import { formatInteger, formatPercent, formatUsd } from '../../lib/format';

export type ContributionRow = {
  input: keyof BuyScoreContributions;
  label: string;
  /** What the input was, in words. */
  reading: string;
  points: number;
};

/**
 * The comparison behind the discount, from the answer's own `last_sale_comps` (decisions.md,
 * "Last sale" and "Discount"): the last sale against the median of its own card and grade's other
 * sales. `unknown` when the server does not send the comparison (another server): the discount is
 * then read as 0, never recomputed against the mixed median `value`.
 */
export type DiscountComparison =
  | { kind: 'unknown' }
  | {
      kind: 'too-few' | 'compared';
      title: string;
      grade: string;
      lastSale: number;
      /** Median of the other sales of the same card and grade; null when there are none. */
      median: number | null;
      /** How many other sales of the same card and grade the sample holds. */
      sales: number;
      /** `discountFromComps`: 0 for `too-few`. */
      discountPct: number;
    };

export type ScoreExplanation = {
  base: number;
  rows: ContributionRow[];
  comparison: DiscountComparison;
  /** The score the documented formula gives from the figures on screen (which are rounded). */
  recomputed: BuyScoreBreakdown['score'];
};

type ScoreInputs = Pick<
  EnrichedValueData,
  'last_sale' | 'last_sale_comps' | 'trend_30d' | 'liquidity' | 'confidence'
>;

export function discountComparison(
  data: Pick<ScoreInputs, 'last_sale' | 'last_sale_comps'>,
): DiscountComparison {
  const comps = data.last_sale_comps;
  if (comps === undefined) return { kind: 'unknown' };
  const enough = comps.median !== null && comps.sales >= BUY_SCORE_MIN_COMPS;
  return {
    kind: enough ? 'compared' : 'too-few',
    title: comps.title,
    grade: comps.grade,
    lastSale: data.last_sale,
    median: comps.median,
    sales: comps.sales,
    discountPct: discountFromComps(data.last_sale, comps),
  };
}

const discountPctOf = (comparison: DiscountComparison): number =>
  comparison.kind === 'unknown' ? 0 : comparison.discountPct;

const otherSales = (sales: number, grade: string): string =>
  `${formatInteger(sales)} other ${grade} sale${sales === 1 ? '' : 's'}`;

/** The discount row's reading: the comparison the server made, or why it adds nothing. */
export function discountReading(comparison: DiscountComparison): string {
  if (comparison.kind === 'unknown') {
    return 'unknown: this server does not say which sales the last sale compares with, so the discount adds nothing';
  }
  const { grade, lastSale, median, sales, discountPct } = comparison;
  if (comparison.kind === 'too-few' || median === null) {
    const few = sales === 0 ? `no other ${grade} sale` : `only ${otherSales(sales, grade)}`;
    return `${few} of this card in the window: too few to call the last sale cheap or dear, so the discount adds nothing`;
  }
  // The server's median of those sales restated to the last sale's time (decisions.md, "Discount").
  const against = `what its ${otherSales(sales, grade)} would fetch today (their median ${formatUsd(median)}, each moved to the last sale's week by its label's sales index)`;
  const pct = `${Math.abs(discountPct).toFixed(2)}%`;
  if (discountPct > 0) return `last sale ${formatUsd(lastSale)} is ${pct} below ${against}`;
  if (discountPct < 0) return `last sale ${formatUsd(lastSale)} is ${pct} above ${against}`;
  return `last sale ${formatUsd(lastSale)} equals ${against}`;
}

/**
 * What each input added to the buy score, from the contract's formula (src/contract/buy-score.ts),
 * fed with the answer's own figures (the discount with the contract's `discountFromComps`).
 */
export function explainScore(data: ScoreInputs): ScoreExplanation {
  const comparison = discountComparison(data);
  const breakdown = buyScoreBreakdown({
    discountPct: discountPctOf(comparison),
    trendPct: data.trend_30d,
    liquidity: data.liquidity,
    confidence: data.confidence,
  });
  const { contributions } = breakdown;
  return {
    base: breakdown.base,
    recomputed: breakdown.score,
    comparison,
    rows: [
      {
        input: 'discount',
        label: 'Discount',
        reading: discountReading(comparison),
        points: contributions.discount,
      },
      {
        input: 'trend',
        label: '30-day trend',
        reading: data.trend_30d === null ? 'not enough sales: adds nothing' : formatPercent(data.trend_30d),
        points: contributions.trend,
      },
      {
        input: 'liquidity',
        label: 'Liquidity',
        reading: `${data.liquidity} / 100`,
        points: contributions.liquidity,
      },
      {
        input: 'confidence',
        label: 'Confidence',
        reading: `${data.confidence} / 100`,
        points: contributions.confidence,
      },
    ],
  };
}

/** Points with their sign and one decimal: `+12.3`, `-4.0`, `0.0`. */
export const formatPoints = (points: number): string => {
  const rounded = Math.round(points * 10) / 10;
  if (rounded === 0) return '0.0';
  return `${rounded > 0 ? '+' : '-'}${Math.abs(rounded).toFixed(1)}`;
};
