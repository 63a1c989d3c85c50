import { describe, expect, it } from 'vitest';
import type { AccuracyData, NextSaleAccuracy } from '../../../contract/resources';
import { nextSaleAccuracyLine } from './range-accuracy';

const nextSale = (coverage: number): NextSaleAccuracy => ({
  scored: 500,
  coverage,
  below_pct: 10,
  above_pct: 10,
  median_abs_pct_error: 8,
  within_10_pct: 55,
  median_width_pct: 40,
  interval_score: 50,
});
const row = (coverage: number | null) => ({
  sales_scored: 500,
  coverage_iqr: 33.5,
  median_abs_pct_error: 9,
  bias_pct: -2,
  next_sale: coverage === null ? null : nextSale(coverage),
});
const data: AccuracyData = {
  as_of: '2026-11-27T23:59:59.000Z',
  window_days: 84,
  level: 80,
  overall: row(80.1),
  by_category: [],
  by_liquidity: [
    { tier: 'thin', ...row(78.25) },
    { tier: 'steady', ...row(null) },
  ],
  by_price_band: [{ band: '1k_10k', ...row(81.4) }],
};
const estimate = (value: number) => ({
  estimate: value,
  low: value * 0.9,
  high: value * 1.1,
  level: 80,
  sales_used: 6,
});

describe("the value page's line on what its range held", () => {
  it("gives the tier's and the price band's coverage of the range", () => {
    expect(nextSaleAccuracyLine(data, 6, estimate(2500))).toBe(
      'Tested out of sample, the next sale fell inside its 80 % range 78.25% of the time for thin cards, 81.4% for cards valued $1,000 to $10,000.',
    );
  });

  it('leaves out a row without a range, and says nothing when no row has one', () => {
    expect(nextSaleAccuracyLine(data, 12, estimate(2500))).toBe(
      'Tested out of sample, the next sale fell inside its 80 % range 81.4% for cards valued $1,000 to $10,000.',
    );
    expect(nextSaleAccuracyLine(data, 12, estimate(50))).toBeNull();
  });
});
