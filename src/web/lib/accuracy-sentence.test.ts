import { describe, expect, it } from 'vitest';
import type { AccuracyData } from '../../contract/resources';
import { accuracySentence, applicableRow, biasSentence, tierOfSales } from './accuracy-sentence';

const row = (coverage: number, error: number, bias = 0) => ({
  sales_scored: 10,
  coverage_iqr: coverage,
  median_abs_pct_error: error,
  bias_pct: bias,
});
const data: AccuracyData = {
  as_of: '2026-11-21T12:00:00.000Z',
  window_days: 84,
  overall: row(34, 5.4),
  by_category: [{ category: 'pokemon', ...row(40, 4) }],
  by_liquidity: [
    { tier: 'thin', ...row(30, 6) },
    { tier: 'liquid', ...row(45, 3) },
  ],
  by_price_band: [],
  level: 80,
};

describe('accuracy sentences', () => {
  it('says the coverage and the median error in one sentence', () => {
    expect(accuracySentence(row(34, 5.4))).toBe(
      "The next sale of a card fell inside the middle half of its earlier sales (p25 to p75) 34% of the time; the median's median error was 5.4%.",
    );
  });

  it('says which way the bias leans', () => {
    expect(biasSentence(2.5)).toBe(
      'At the median, sales came in 2.5% above the value (a bias of +2.5%): the values sat too low, as a median of past sales does while prices rise.',
    );
    expect(biasSentence(-13.5)).toBe(
      'At the median, sales came in 13.5% below the value (a bias of -13.5%): the values sat too high, as a median of past sales does while prices fall.',
    );
    expect(biasSentence(0)).toBe(
      'At the median, sales came in neither above nor below the value: no lean either way.',
    );
  });

  it('tiers a value by its sales: thin 3-9, steady 10-29, liquid 30+', () => {
    expect([2, 3, 9, 10, 29, 30].map(tierOfSales)).toEqual([
      null,
      'thin',
      'thin',
      'steady',
      'steady',
      'liquid',
    ]);
  });

  it("applies the tier's row, else the category's", () => {
    expect(applicableRow(data, 40, 'pokemon')?.row.coverage_iqr).toBe(45);
    // No steady row was scored: the category's.
    expect(applicableRow(data, 12, 'pokemon')).toEqual({ row: data.by_category[0], scope: 'pokemon' });
    expect(applicableRow(data, 12, 'golf')).toBeNull();
  });
});
