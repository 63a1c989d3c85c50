import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_STORES, type TestStore } from '../store/testing/test-stores';
import type { AnalyticsError } from './analytics-error';
import { type BoundOperations, operationsOn } from './testing/operations-on';
import { ACCURACY_SALES, loadHandSales, MARKET_AS_OF } from './testing/sales-index-markets';

/**
 * `/v1/accuracy` on the hand-made accuracy market (testing/sales-index-markets.ts), recomputed by
 * hand. A sale less than 84 days old is scored against its cell's sales strictly before it in 90
 * days (365 when fewer than 5), when at least 3: value = median, range = p25..p75 (rank (n-1) p).
 *
 * Thin, Blastoise PSA 10 (the 1,000 of 400 days ago is in no window):
 * - 40 days ago, 110: before it 100 (90 days) + 300 (365 days) = 2 sales: not scored.
 * - 30 days ago, 120: 100, 110 (+ 300, widened) = 3: median 110, p25 105, p75 205: inside, +9.0909 %.
 * - 20 days ago, 150: 100, 110, 120 (+ 300) = 4: p25 107.5, median 115, p75 165: inside, +30.4348 %.
 * - 10 days ago, 115: 100, 110, 120, 150 (+ 300) = 5: p25 110, median 120, p75 150: inside, -4.1667 %.
 * Steady, Ohtani PSA 9 80 days ago at 20: the 10 sales 10..19 before it: p25 12.25, median 14.5,
 * p75 16.75: outside, +37.9310 %.
 * Liquid, Pikachu Raw: 70 days ago at 45 against 30 sales at 50: outside, -10 %; 60 days ago at 50
 * against 45 and 30 x 50: median 50, range 50..50: inside, 0 %.
 */
describe.each(TEST_STORES)('on the $kind store', ({ open }) => {
  let market: TestStore;
  let analytics: BoundOperations;
  beforeAll(async () => {
    market = await open();
    analytics = operationsOn(market.store.reader);
  });
  afterAll(() => market.close());

  it('is no_match while the store has no sales', async () => {
    const error = await analytics.accuracy().catch((e: unknown) => e);
    expect((error as AnalyticsError).code).toBe('no_match');
  });

  it('scores each recent sale against the value its card and grade had just before it', async () => {
    await loadHandSales(market.store, ACCURACY_SALES);
    // The window median's figures; each row's next_sale is worked out in next-sale.test.ts.
    const { by_price_band, level, ...data } = await analytics.accuracy();
    expect(level).toBe(80);
    const windowRow = ({ next_sale, ...row }: { next_sale?: unknown }) => row;
    expect({
      ...data,
      overall: windowRow(data.overall),
      by_category: data.by_category.map(windowRow),
      by_liquidity: data.by_liquidity.map(windowRow),
    }).toEqual({
      as_of: new Date(MARKET_AS_OF).toISOString(),
      window_days: 84,
      // 6 scored, 4 inside; errors -10, -4.1667, 0, 9.0909, 30.4348, 37.9310: median (0 + 9.0909) / 2;
      // absolute 0, 4.1667, 9.0909, 10, 30.4348, 37.9310: median (9.0909 + 10) / 2 = 9.5455.
      overall: { sales_scored: 6, coverage_iqr: 66.67, median_abs_pct_error: 9.55, bias_pct: 4.55 },
      by_category: [
        {
          category: 'baseball',
          sales_scored: 1,
          coverage_iqr: 0,
          median_abs_pct_error: 37.93,
          bias_pct: 37.93,
        },
        // Blastoise and Pikachu: errors -10, -4.1667, 0, 9.0909, 30.4348; 4 of 5 inside.
        { category: 'pokemon', sales_scored: 5, coverage_iqr: 80, median_abs_pct_error: 9.09, bias_pct: 0 },
      ],
      by_liquidity: [
        { tier: 'thin', sales_scored: 3, coverage_iqr: 100, median_abs_pct_error: 9.09, bias_pct: 9.09 },
        { tier: 'steady', sales_scored: 1, coverage_iqr: 0, median_abs_pct_error: 37.93, bias_pct: 37.93 },
        { tier: 'liquid', sales_scored: 2, coverage_iqr: 50, median_abs_pct_error: 5, bias_pct: -5 },
      ],
    });
  });
});
