/** decisions.md, liquidity: a velocity signal, a pure function of the 90-day sales count. */

/** round(100 * min(1, log10(1 + sales_90d) / log10(1 + 270))): three sales a day or more is 100. */
export function liquidityScore(sales90d: number): number {
  return Math.round(100 * Math.min(1, Math.log10(1 + sales90d) / Math.log10(1 + 270)));
}
