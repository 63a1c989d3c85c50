import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../contract/categories';
import { TEST_STORES, type TestStore } from '../store/testing/test-stores';
import { AnalyticsError } from './analytics-error';
import { loadHandMarket } from './testing/hand-market';
import { type BoundOperations, operationsOn } from './testing/operations-on';
import { INDEX_SALES, loadHandSales } from './testing/sales-index-markets';

/**
 * `/v1/sales-index` on the hand-made index market (testing/sales-index-markets.ts), every point
 * worked out by hand: weeks end 06-05 (base, 100), 06-12 and 06-19; a week's change is the
 * weighted mean of ln(median this week / median the week before) over the cells (card, grade)
 * sold in both weeks, weight min(n this week, n the week before).
 */
const point = (
  date: string,
  category: string,
  label: string | null,
  index: number,
  change_pct: number | null,
  matched_cells: number,
  sales: number,
) => ({ date, category, label, index, change_pct, matched_cells, sales });

describe.each(TEST_STORES)('on the $kind store', ({ open }) => {
  let market: TestStore;
  let hand: TestStore;
  let analytics: BoundOperations;
  beforeAll(async () => {
    market = await open();
    await loadHandSales(market.store, INDEX_SALES);
    analytics = operationsOn(market.store.reader);
    hand = await open();
    await loadHandMarket(hand.store);
  });
  afterAll(async () => {
    await market.close();
    await hand.close();
  });

  it('chains every category from 100 in the base week, each card and grade against itself', async () => {
    const data = await analytics.salesIndex({});
    expect(data.base_date).toBe('2026-06-05');
    expect(data.series).toEqual([
      // Base week: 100, no change; sales are the week's sales of the group.
      point('2026-06-05', 'basketball', null, 100, null, 0, 2),
      point('2026-06-05', 'football', null, 100, null, 0, 3),
      point('2026-06-05', 'misc', null, 100, null, 0, 0),
      point('2026-06-05', 'pokemon', null, 100, null, 0, 1),
      // basketball: only Luka PSA 10 sold in weeks 3 and 2: median 100 -> 120: +20 %.
      point('2026-06-12', 'basketball', null, 120, 20, 1, 3),
      // football: Burrow PSA 10 200 -> 220 (ln 1.1, weight min(1, 2) = 1), PSA 9 50 -> 40 (ln 0.8,
      // weight 1): exp((ln 1.1 + ln 0.8) / 2) = sqrt(0.88) = 0.938083 -> 93.81, -6.19 %.
      point('2026-06-12', 'football', null, 93.81, -6.19, 2, 3),
      point('2026-06-12', 'misc', null, 100, 0, 0, 0),
      // pokemon: no sale in week 2, so no matched cell: the index stays (change 0).
      point('2026-06-12', 'pokemon', null, 100, 0, 0, 0),
      // basketball: Luka PSA 10 120 -> 132 (ln 1.1), Zion PSA 10 80 -> 100 (ln 1.25), weights 1 and 1:
      // sqrt(1.1 * 1.25) = 1.172604; 120 * 1.172604 = 140.71. Luka Raw (no sale in week 2) and the
      // Wembanyama at 5,000 (first sale) move nothing.
      point('2026-06-19', 'basketball', null, 140.71, 17.26, 2, 5),
      // football: both cells +10 %: 93.8083 * 1.1 = 103.19.
      point('2026-06-19', 'football', null, 103.19, 10, 2, 4),
      point('2026-06-19', 'misc', null, 100, 0, 0, 1),
      // pokemon: Charizard 300 in week 3 and 330 in week 1, never two weeks in a row: 100 still.
      point('2026-06-19', 'pokemon', null, 100, 0, 0, 1),
    ]);
  });

  it('gives a label used in two categories a series in each, any case, sorted by date then category', async () => {
    const data = await analytics.salesIndex({ label: 'prizm' });
    expect(data.series).toEqual([
      point('2026-06-05', 'basketball', 'Prizm', 100, null, 0, 2),
      point('2026-06-05', 'football', 'Prizm', 100, null, 0, 3),
      point('2026-06-12', 'basketball', 'Prizm', 120, 20, 1, 2),
      point('2026-06-12', 'football', 'Prizm', 93.81, -6.19, 2, 3),
      // basketball / Prizm without Zion (Select): Luka PSA 10 alone, 120 -> 132.
      point('2026-06-19', 'basketball', 'Prizm', 132, 10, 1, 3),
      point('2026-06-19', 'football', 'Prizm', 103.19, 10, 2, 4),
    ]);
    const football = await analytics.salesIndex({ label: 'Prizm', category: 'football' });
    expect(football.series.map((p) => [p.category, p.index])).toEqual([
      ['football', 100],
      ['football', 93.81],
      ['football', 103.19],
    ]);
    // Select: no sale in the base week; Zion PSA 10 80 -> 100 in the last week.
    expect((await analytics.salesIndex({ label: 'Select' })).series).toEqual([
      point('2026-06-05', 'basketball', 'Select', 100, null, 0, 0),
      point('2026-06-12', 'basketball', 'Select', 100, 0, 0, 1),
      point('2026-06-19', 'basketball', 'Select', 125, 25, 1, 2),
    ]);
  });

  it('filters points by date without rebasing the index', async () => {
    const data = await analytics.salesIndex({ category: 'basketball', from: '2026-06-10', to: '2026-06-12' });
    expect(data).toEqual({
      base_date: '2026-06-05',
      series: [point('2026-06-12', 'basketball', null, 120, 20, 1, 3)],
    });
    expect((await analytics.salesIndex({ from: '2026-06-20' })).series).toEqual([]);
  });

  it('answers no_match for a label no card carries', async () => {
    const error = await analytics.salesIndex({ label: 'Nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalyticsError);
    expect((error as AnalyticsError).code).toBe('no_match');
    const inCategory = await analytics.salesIndex({ label: 'Select', category: 'football' }).catch((e) => e);
    expect((inCategory as AnalyticsError).code).toBe('no_match');
  });

  it("gives a label listed by /v1/movers the mover's pct_change as change_pct on its latest point", async () => {
    const handAnalytics = operationsOn(hand.store.reader);
    const { movers } = await handAnalytics.movers({ limit: 100 });
    // The hand market's movers (market-analytics.test.ts): Panini Prizm and Donruss Optic.
    expect(movers.map((m) => m.label).sort()).toEqual(['Donruss Optic', 'Panini Prizm']);
    for (const mover of movers) {
      const { series } = await handAnalytics.salesIndex({
        label: mover.label,
        category: mover.category as Category,
      });
      const latest = series.at(-1);
      expect(latest?.date).toBe('2026-07-01');
      expect(latest?.change_pct, mover.label).toBe(mover.pct_change);
    }
  });
});
