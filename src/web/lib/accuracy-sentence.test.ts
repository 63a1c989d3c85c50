import { describe, expect, it } from 'vitest';
import type { AccuracyData } from '../../contract/resources';
import {
  accuracySentence,
  applicableRow,
  bandOf,
  biasSentence,
  nextSaleSentence,
  tierOfSales,
} from './accuracy-sentence';

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

  it("says what the next-sale range held, its misses on each side and the estimate's error", () => {
    const next = {
      scored: 900,
      coverage: 79.84,
      below_pct: 10.2,
      above_pct: 9.96,
      median_abs_pct_error: 7.1,
      within_10_pct: 61.5,
      median_width_pct: 38.2,
      interval_score: 52.3,
    };
    expect(nextSaleSentence(next, 80)).toBe(
      "The next sale fell inside its 80 % range 79.84% of the time (the range aims at 80 %): 10.2% fell below it and 9.96% above; the estimate's median error was 7.1%.",
    );
  });

  it('bands an estimate as the API does: under 100, up to 1k, up to 10k, above', () => {
    expect([99.99, 100, 999.99, 1000, 9999.99, 10_000].map(bandOf)).toEqual([
      'under_100',
      '100_1k',
      '100_1k',
      '1k_10k',
      '1k_10k',
      '10k_up',
    ]);
  });
});
