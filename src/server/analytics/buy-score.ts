import { type BuyScoreBreakdown, buyScoreBreakdown } from '../../contract/buy-score';

/**
 * The buy score of a sample: the discount is how far the last sale sits below the value, in
 * percent of the value. The formula itself is the contract's (one source of truth with the
 * dashboard): src/contract/buy-score.ts, documented in docs/analytics.md.
 */
export function buyScoreFor(inputs: {
  value: number;
  lastSale: number;
  trendPct: number | null;
  liquidity: number;
  confidence: number;
}): BuyScoreBreakdown {
  return buyScoreBreakdown({
    discountPct: discountPct(inputs.value, inputs.lastSale),
    trendPct: inputs.trendPct,
    liquidity: inputs.liquidity,
    confidence: inputs.confidence,
  });
}

/** (value - last sale) / value * 100; 0 when there is no value to compare with. */
export function discountPct(value: number, lastSale: number): number {
  return value > 0 ? ((value - lastSale) / value) * 100 : 0;
}
