import {
  type BuyScoreBreakdown,
  type BuyScoreContributions,
  buyScoreBreakdown,
} from '../../../contract/buy-score';
import type { EnrichedValueData } from '../../../contract/resources';
import { formatPercent, formatUsd } from '../../lib/format';

export type ContributionRow = {
  input: keyof BuyScoreContributions;
  label: string;
  /** What the input was, in words. */
  reading: string;
  points: number;
};

export type ScoreExplanation = {
  base: number;
  rows: ContributionRow[];
  /** The score the documented formula gives from the figures on screen (which are rounded). */
  recomputed: BuyScoreBreakdown['score'];
};

type ScoreInputs = Pick<EnrichedValueData, 'value' | 'last_sale' | 'trend_30d' | 'liquidity' | 'confidence'>;

/** The discount input of the formula: how far (percent of the value) the last sale sat below it. */
export const discountPct = (data: Pick<ScoreInputs, 'value' | 'last_sale'>): number =>
  data.value === 0 ? 0 : ((data.value - data.last_sale) / data.value) * 100;

/**
 * What each input added to the buy score, from the contract's formula (src/contract/buy-score.ts),
 * fed with the answer's own figures.
 */
export function explainScore(data: ScoreInputs): ScoreExplanation {
  const discount = discountPct(data);
  const breakdown = buyScoreBreakdown({
    discountPct: discount,
    trendPct: data.trend_30d,
    liquidity: data.liquidity,
    confidence: data.confidence,
  });
  const { contributions } = breakdown;
  const discountWords =
    discount >= 0
      ? `last sale ${formatUsd(data.last_sale)} is ${discount.toFixed(2)}% below the value`
      : `last sale ${formatUsd(data.last_sale)} is ${(-discount).toFixed(2)}% above the value`;
  return {
    base: breakdown.base,
    recomputed: breakdown.score,
    rows: [
      { input: 'discount', label: 'Discount', reading: discountWords, points: contributions.discount },
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
