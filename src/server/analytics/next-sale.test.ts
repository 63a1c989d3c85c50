import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_STORES, type TestStore } from '../store/testing/test-stores';
import { bucketsOrder, calibrate, conformalQuantile, weightedQuantile } from './next-sale';
import { FLAT_TITLE, NEXT_SALE_SALES, TARGET_TITLE } from './testing/next-sale-market';
import { type BoundOperations, operationsOn } from './testing/operations-on';
import { loadHandSales } from './testing/sales-index-markets';

/**
 * The next sale on the hand-made market of testing/next-sale-market.ts, with the constants of
 * next-sale.ts (half-life 30 days, 20 pseudo-comps, 0.01 of log-variance a year of staleness, floor
 * 0.02). No cell there has 5 comps at the fit times, so no cohort scale exists and none shrinks.
 *
 * Live calibration (days 0-84): set B's 10 scored sales, each against 3 comps at 100 a quarter of a
 * day earlier: centre ln 100, cell scale 0, staleness 0.01 x 0.25 / 365 under the floor: scale 0.02,
 * score ln(y / 100) / 0.02. Sorted, the conformal ranks ceil(11 p) are 2, 6 and 10 (p = 0.1, 0.5,
 * 0.9): q_lo = ln(0.93) / 0.02, q_mid = ln(1.02) / 0.02, q_hi = ln(1.15) / 0.02, every bucket
 * pooling all 10 (fewer than 50).
 */
const Q_LO = Math.log(0.93) / 0.02;
const Q_MID = Math.log(1.02) / 0.02;
const Q_HI = Math.log(1.15) / 0.02;

describe('next-sale statistics', () => {
  it('takes weighted quantiles at the first value whose cumulative weight reaches p', () => {
    // Weights 1, 1, 1, 1: half is reached exactly at the 2nd value: the mean of the 2nd and 3rd.
    expect(weightedQuantile([1, 2, 3, 4], [1, 1, 1, 1], 4, 4, 0.5)).toBe(2.5);
    // Weights 3, 1, 1: 3 of 5 is past half at the first value.
    expect(weightedQuantile([1, 2, 3], [3, 1, 1], 3, 5, 0.5)).toBe(1);
  });

  it('takes the ceil((n + 1) p)-th smallest score, the largest past n', () => {
    const scores = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect([0.1, 0.5, 0.9].map((p) => conformalQuantile(scores, p))).toEqual([2, 6, 10]);
    expect(conformalQuantile([1, 2, 3], 0.9)).toBe(3);
  });

  it('calibrates a bucket of 300,000 scores (the full market holds such buckets)', () => {
    // 1..300,000: ranks ceil(300,001 p) = 30,001, 150,001 and 270,001.
    const scores = Array.from({ length: 300_000 }, (_, i) => i + 1);
    const quantiles = calibrate(new Map([['thin under_100', scores]]));
    expect(quantiles.get('thin under_100')).toEqual({
      lo: 30_001,
      mid: 150_001,
      hi: 270_001,
      scores: 300_000,
    });
  });

  it('pools a bucket with its own tier first, then its band in the other tiers', () => {
    expect(bucketsOrder('steady', '1k_10k').slice(0, 6)).toEqual([
      'steady 1k_10k',
      'steady 100_1k',
      'steady 10k_up',
      'steady under_100',
      'thin 1k_10k',
      'liquid 1k_10k',
    ]);
  });
});

describe.each(TEST_STORES)('on the $kind store', ({ open }) => {
  let market: TestStore;
  let analytics: BoundOperations;
  beforeAll(async () => {
    market = await open();
    await loadHandSales(market.store, NEXT_SALE_SALES);
    analytics = operationsOn(market.store.reader);
  });
  afterAll(() => market.close());

  it('calibrates the conformal quantiles on the scores of the last 84 days', async () => {
    const model = await market.store.reader.nextSaleModel();
    expect(model?.cohort).toEqual({});
    const bucket = model?.quantiles['thin 100_1k'];
    expect(bucket?.scores).toBe(10);
    expect(bucket?.lo).toBeCloseTo(Q_LO, 10);
    expect(bucket?.mid).toBeCloseTo(Q_MID, 10);
    expect(bucket?.hi).toBeCloseTo(Q_HI, 10);
  });

  it('restates the comps of a falling label, so the estimate follows the market down', async () => {
    // Falling Star's weekly change is ln 0.9 in weeks 1, 2 and 3 (drivers 100 -> 90, and the
    // target itself), each of weight 1 or 2 (under 3: the category, football, stands in with the
    // same changes). Levels: week 2 -ln 0.9, week 3 -2 ln 0.9, week 4 -3 ln 0.9. The target's comps
    // restated to now: 810 x 0.9, 900 x 0.81, 1000 x 0.729: 729 each, so the centre is ln 729 and
    // the cell scale 0. Its last sale was 8 days ago: staleness sqrt(0.01 x 8 / 365) = 0.0148, under
    // the floor: scale 0.02. estimate = 729 exp(0.02 q_mid) = 729 x 1.02 = 743.58;
    // low = 729 x 0.93 = 677.97; high = 729 x 1.15 = 838.35.
    // The window's median is 900: a year of the spec's value would lag the fall.
    const data = await analytics.enrichedValue({ q: `"${TARGET_TITLE}"`, grade: 'PSA 10' });
    expect(data.value).toBe(900);
    expect(data.next_sale).toEqual({ estimate: 743.58, low: 677.97, high: 838.35, level: 80, sales_used: 3 });
    const v1 = await analytics.value({ q: `"${TARGET_TITLE}"`, grade: 'PSA 10' });
    expect(v1.next_sale).toEqual(data.next_sale);
    // The discount restates the other comps to the last sale's week (2) by the label's own chain
    // (the same changes here): 900 x 0.9 = 810 and 1000 x 0.81 = 810: median 810, but with 2
    // comps there is no discount.
    expect(data.last_sale_comps).toEqual({ title: TARGET_TITLE, grade: 'PSA 10', median: 810, sales: 2 });
  });

  it('weights the comps by recency and spreads the range by their quartiles', async () => {
    // Flat Set (no matched week: no restatement): 100 (40 days old), 110 (10), 120 (26). Weights
    // 2^(-age / 30): 0.396850, 0.793701, 0.548412; total 1.738963. By price: 100 (cumulative
    // 0.396850), 110 (1.190551), 120 (1.738963). Median: first past 0.869482: 110; p25 (0.434741):
    // 110; p75 (1.304222): 120. Cell scale ln(120 / 110) / 1.349 = 0.064501; staleness
    // 0.01 x 10 / 365: scale sqrt(0.064501^2 + 0.000274) = 0.066591.
    // estimate = 110 x 1.02^(0.066591 / 0.02) = 117.50; low = 110 x 0.93^3.329529 = 86.39;
    // high = 110 x 1.15^3.329529 = 175.18.
    const data = await analytics.value({ q: `"${FLAT_TITLE}"`, grade: 'PSA 10' });
    expect(data.next_sale).toEqual({ estimate: 117.5, low: 86.39, high: 175.18, level: 80, sales_used: 3 });
  });

  it('gives each rung of a one-card answer its own, and none to a mix of cards', async () => {
    const card = await analytics.value({ q: `"${TARGET_TITLE}"` });
    // No grade: the headline mixes grades. PSA 9 sold twice: fewer than 3 comps.
    expect(card.next_sale).toBeNull();
    expect(card.by_grade.map((rung) => [rung.grade, rung.next_sale?.estimate ?? null])).toEqual([
      ['PSA 9', null],
      ['PSA 10', 743.58],
    ]);
    // "falling star" matches the target and the three drivers.
    const mix = await analytics.enrichedValue({ q: 'falling star', grade: 'PSA 10' });
    expect(mix.next_sale).toBeNull();
    expect(mix.by_grade.map((rung) => rung.next_sale)).toEqual([null]);
  });

  it('publishes the ranges of the last 84 days calibrated on the 84 before', async () => {
    // Set A's scores (days 91-154) give ranks 2, 6, 10 of 90..110: range 94..110, estimate 101 for
    // each of set B's sales (centre ln 100, scale 0.02). B: 85 and 93 below (20 %), 115 above
    // (10 %), 7 inside (70 %). |y - 101| / 101: 0.99, 0.99, 1.98, 1.98, 3.96, 5.94, 6.93, 7.92,
    // 13.86, 15.84 %: median 4.95; within 10 %: 8 of 10. Width 16 / 101 = 15.84 %. Winkler (2 /
    // 0.2 = 10 per unit missed): 16 + 90 (85), 16 + 10 (93), 16 + 50 (115), 16 x 7: 310 / 10 / 101
    // = 30.69 %. The window median against comps 100, 100, 100: value 100, range 100..100: only
    // the 100 inside (10 %); errors -15, -7, -5, -1, 0, 2, 3, 5, 8, 15: median 1, absolute median 5.
    const nextSale = {
      scored: 10,
      coverage: 70,
      below_pct: 20,
      above_pct: 10,
      median_abs_pct_error: 4.95,
      within_10_pct: 80,
      median_width_pct: 15.84,
      interval_score: 30.69,
    };
    const row = {
      sales_scored: 10,
      coverage_iqr: 10,
      median_abs_pct_error: 5,
      bias_pct: 1,
      next_sale: nextSale,
    };
    const data = await analytics.accuracy();
    expect(data).toMatchObject({
      overall: row,
      by_category: [{ category: 'pokemon', ...row }],
      by_liquidity: [{ tier: 'thin', ...row }],
      by_price_band: [{ band: '100_1k', ...row }],
      level: 80,
    });
  });
});
