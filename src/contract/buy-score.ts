import type { Verdict } from './resources';

/**
 * The buy score (0..100) of `/v3/value` and its verdict: one pure formula shared by the server,
 * which computes it, and the dashboard, which shows what each input added (docs/analytics.md).
 *
 * score = clamp(round(50 + discount + trend + liquidity + confidence), 0, 100), where
 * - discount   = clamp(discount_pct, -30, 30): one point per percent the last sale sits below the
 *                median of its own card and grade's other sales (`discountFromComps`; a last sale
 *                above them takes points away; 0 with fewer than 3 of them);
 * - trend      = clamp(trend_30d / 2, -15, 15): half a point per percent of 30-day trend, 0 when null;
 * - liquidity  = (liquidity - 50) / 5: -10..+10;
 * - confidence = (confidence - 50) / 5: -10..+10.
 * Every contribution grows with its input, so the score is monotone (non-decreasing) in each one.
 */
export const BUY_SCORE_BASE = 50;
export const BUY_SCORE_LIMITS = { discount: 30, trend: 15, liquidity: 10, confidence: 10 } as const;

/** Fewer comparable sales than this (same card and grade) make the discount 0. */
export const BUY_SCORE_MIN_COMPS = 3;

/**
 * The discount input (decisions.md, "Discount"): (median - last sale) / median * 100 over the last
 * sale's card and grade's other sales in the value sample, when there are at least 3 of them; else
 * 0, not enough comparable sales to call the last sale cheap or dear.
 */
export function discountFromComps(lastSale: number, comps: { median: number | null; sales: number }): number {
  if (comps.median === null || comps.median <= 0 || comps.sales < BUY_SCORE_MIN_COMPS) return 0;
  return ((comps.median - lastSale) / comps.median) * 100;
}

export interface BuyScoreInputs {
  /** `discountFromComps`: positive when the last sale was below its comparable sales. */
  discountPct: number;
  /** trend_30d in percent, null when unknown. */
  trendPct: number | null;
  /** 0..100 */
  liquidity: number;
  /** 0..100 */
  confidence: number;
}

export interface BuyScoreContributions {
  discount: number;
  trend: number;
  liquidity: number;
  confidence: number;
}

export interface BuyScoreBreakdown {
  score: number;
  verdict: Verdict;
  base: number;
  /** Points each input added to the base (negative: taken away), unrounded. */
  contributions: BuyScoreContributions;
}

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

export function buyScoreBreakdown(inputs: BuyScoreInputs): BuyScoreBreakdown {
  const contributions: BuyScoreContributions = {
    discount: clamp(inputs.discountPct, -BUY_SCORE_LIMITS.discount, BUY_SCORE_LIMITS.discount),
    trend: clamp((inputs.trendPct ?? 0) / 2, -BUY_SCORE_LIMITS.trend, BUY_SCORE_LIMITS.trend),
    liquidity: clamp((inputs.liquidity - 50) / 5, -BUY_SCORE_LIMITS.liquidity, BUY_SCORE_LIMITS.liquidity),
    confidence: clamp(
      (inputs.confidence - 50) / 5,
      -BUY_SCORE_LIMITS.confidence,
      BUY_SCORE_LIMITS.confidence,
    ),
  };
  const total =
    BUY_SCORE_BASE +
    contributions.discount +
    contributions.trend +
    contributions.liquidity +
    contributions.confidence;
  // Round the sum once (not each part), to 1e-9 first so that 74.99999999 from float noise reads 75.
  const score = clamp(Math.round(Math.round(total * 1e9) / 1e9), 0, 100);
  return { score, verdict: verdictFor(score), base: BUY_SCORE_BASE, contributions };
}

/** decisions.md: >= 75 Strong Buy, >= 55 Accumulate, >= 35 Hold, else Reduce. */
export function verdictFor(score: number): Verdict {
  if (score >= 75) return 'Strong Buy';
  if (score >= 55) return 'Accumulate';
  if (score >= 35) return 'Hold';
  return 'Reduce';
}
