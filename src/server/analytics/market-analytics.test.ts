import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suggestedQueryOf } from '../../contract/card-query';
import { CATEGORIES } from '../../contract/categories';
import { TEST_STORES, type TestStore } from '../store/testing/test-stores';
import { AnalyticsError } from './analytics-error';
import { AS_OF, LISTING_SOURCE_IDS, loadHandMarket, SALE_SOURCE_IDS } from './testing/hand-market';
import { type BoundOperations, operationsOn } from './testing/operations-on';

/**
 * Every figure of every operation on the hand-made market (testing/hand-market.ts), worked out by
 * hand in the comments. Percentiles interpolate linearly: rank = (n - 1) * p.
 */
const asOfIso = new Date(AS_OF).toISOString();

async function noMatch(run: () => Promise<unknown>): Promise<AnalyticsError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AnalyticsError);
    expect((error as AnalyticsError).code).toBe('no_match');
    return error as AnalyticsError;
  }
  throw new Error('expected no_match');
}

describe.each(TEST_STORES)('on the $kind store', ({ open }) => {
  let opened: TestStore;
  let analytics: BoundOperations;
  beforeAll(async () => {
    opened = await open();
    await loadHandMarket(opened.store);
    analytics = operationsOn(opened.store.reader);
  });
  afterAll(() => opened.close());

  describe('value (/v1/value)', () => {
    it('aggregates every grade of the matched card over 90 days', async () => {
      // 90 days: 10, 20, 24, 30, 34, 40, 50, 100, 110, 120, 130, 200 (n = 12; the 500 is 200 days old).
      // p25 rank 2.75: 24 + .75 * 6 = 28.5; median rank 5.5: (40 + 50) / 2 = 45; p75 rank 8.25: 110 + .25 * 10 = 112.5.
      // avg 868 / 12 = 72.333. confidence, like for like: residuals ln(p / median of its cell) of the
      // cells with 2+ sales, PSA 10 around 120 (-0.1823, -0.0870, 0, 0.0800, 0.5108) and PSA 9 around
      // 32 (-0.4700, -0.2877, -0.0645, 0.0606, 0.2231, 0.4463); n_eff 11; p25 rank 2.5 = -0.1347,
      // p75 rank 7.5 = 0.1516; q = tanh(0.2863 / 2) = 0.1422; (1 - 0.2843) * sqrt(11/30) * 1 = 0.4334 -> 43.
      // (The old mixed-grade spread read 0.
      const { by_grade, ...data } = await analytics.value({ q: 'charizard base set' });
      // No grade: the headline mixes grades, so no next sale; Raw's rung has 1 sale in 365 days
      // (fewer than 3). The other rungs' next sales are worked out in next-sale.test.ts's market.
      expect(data.next_sale).toBeNull();
      expect(by_grade.map((rung) => rung.next_sale === null)).toEqual([true, false, false]);
      expect({ ...data, by_grade: by_grade.map(({ next_sale, ...rung }) => rung) }).toEqual({
        query: 'charizard base set',
        grade: null,
        currency: 'USD',
        filter: { min_price: null, max_price: null },
        sample_size: 12,
        value: 45,
        low: 28.5,
        high: 112.5,
        min: 10,
        max: 200,
        avg: 72.33,
        confidence: 43,
        as_of: asOfIso,
        window_days: 90,
        next_sale: null,
        by_grade: [
          // Each rung is the single-grade answer: Raw has 1 sale in 90 days, so its rung widens to 365.
          { grade: 'Raw', value: 10, low: 10, high: 10, min: 10, max: 10, sample_size: 1, window_days: 365 },
          // 20, 24, 30, 34, 40, 50: p25 rank 1.25 = 25.5; median 32; p75 rank 3.75 = 38.5
          {
            grade: 'PSA 9',
            value: 32,
            low: 25.5,
            high: 38.5,
            min: 20,
            max: 50,
            sample_size: 6,
            window_days: 90,
          },
          // 100, 110, 120, 130, 200: p25 110, median 120, p75 130
          {
            grade: 'PSA 10',
            value: 120,
            low: 110,
            high: 130,
            min: 100,
            max: 200,
            sample_size: 5,
            window_days: 90,
          },
        ],
      });
    });

    it('filters by grade and scores confidence on the spread and the sample size', async () => {
      // PSA 10, one cell, residual quartiles at exact ranks: ln(130/110) / 2 -> q = 20/240 = 1/12;
      // (1 - 2/12) * sqrt(5/30) * min(1, 5/5) = 0.3402 -> 34
      const data = await analytics.value({ q: 'Charizard #4', grade: 'PSA 10' });
      expect(data.grade).toBe('PSA 10');
      expect([data.sample_size, data.value, data.low, data.high, data.avg]).toEqual([5, 120, 110, 130, 132]);
      expect(data.confidence).toBe(34);
      expect(data.by_grade.map((row) => row.grade)).toEqual(['PSA 10']);
    });

    it('widens to 365 days when the 90 days hold fewer than 5 sales, and applies the price filter', async () => {
      // 100..130 within 90 days: 4 sales, so 365 days; the 500 (200 days old) is above max_price.
      const data = await analytics.value({ q: 'charizard base', min_price: 100, max_price: 130 });
      expect(data.filter).toEqual({ min_price: 100, max_price: 130 });
      expect([data.sample_size, data.low, data.value, data.high]).toEqual([4, 107.5, 115, 122.5]);
    });

    it('is no_match, spending nothing, when no card holds every word or nothing sold', async () => {
      expect((await noMatch(() => analytics.value({ q: 'charizard pikachu' }))).hint).toMatch(
        /"pikachu" is in no card title\. Try q=charizard instead\./,
      );
      expect((await noMatch(() => analytics.value({ q: 'jungle charizard', grade: 'PSA 10' }))).hint).toMatch(
        /none sold in the last 365 days with grade PSA 10\. Try q=charizard instead\./,
      );
    });

    it('matches whole words in any order, case-insensitive, and reads FTS5 operators as plain words', async () => {
      // Base Set Charizard 12, Blastoise 5, the three Venusaur cards 4.
      expect((await analytics.value({ q: 'HOLO 1999 base' })).sample_size).toBe(21);
      expect((await analytics.value({ q: 'not nice' })).sample_size).toBe(1);
      await noMatch(() => analytics.value({ q: 'chariz' }));
      await noMatch(() => analytics.value({ q: 'charizard OR blastoise' }));
    });
  });

  describe('enriched value (/v3/value)', () => {
    it('adds liquidity, trend, last sale and the buy score of the filtered sales', async () => {
      // PSA 9 (one cell): value 32. confidence: residuals around 32 of 20, 24, 30, 34, 40, 50;
      // p25 rank 1.25 = -0.2319, p75 rank 3.75 = 0.1825; q = tanh(0.2072) = 0.2043;
      // (1 - 0.4086) * sqrt(6/30) = 0.2645 -> 26. liquidity: log10(7) / log10(271) = 0.3474 -> 35.
      // trend (one matched cell, weight 3): last 30 days 30, 34, 50 (median 34), the 30 before 40, 20, 24
      // (median 24): +41.67%. last sale 30, two days ago (week 1); its comps: the cell's 5 other sales,
      // restated to week 1 by Base Set's weekly chain (weeks of 7 days back from the as-of; each week's
      // change the weighted mean of ln(median / median the week before) of its cells sold in both):
      // g1 = (ln(105/120) + ln(30/34)) / 2 (Charizard PSA 10 and PSA 9), g2 = ln(120/130),
      // g3 = ln(300/320) (Venusaur), g6 = ln(40/20), g7 = ln(20/24) (PSA 9), g8 = ln(48/51) (Blastoise);
      // levels L(j + 1) = L(j) - g_j: L2 0.1293, L4 0.2739, L6 0.2739, L7 -0.4192, L8 -0.2369.
      // 34 (week 2) x exp(-L2) = 29.87, 50 (week 4) and 40 (week 6) -> 38.02 and 30.42, 20 (week 7)
      // -> 30.42, 24 (week 8) -> 30.42: median 30.4155: discount (30.4155 - 30) / 30.4155 = 1.37%.
      // buy score: 50 + 1.37 + min(15, 20.83) + (35-50)/5 + (26-50)/5 = 50 + 1.37 + 15 - 3 - 4.8
      //          = 58.57 -> 59, Accumulate.
      const data = await analytics.enrichedValue({ q: 'charizard base set', grade: 'PSA 9' });
      expect(data).toMatchObject({
        sample_size: 6,
        value: 32,
        confidence: 26,
        liquidity: 35,
        trend_30d: 41.67,
        last_sale: 30,
        last_sale_date: new Date(AS_OF - 2 * 86_400_000).toISOString(),
        sales_90d: 6,
        buy_score: 59,
        verdict: 'Accumulate',
        population: null,
        watchers: null,
        window_days: 90,
        last_sale_comps: {
          title: '1999 Pokemon Base Set Charizard Holo #4',
          grade: 'PSA 9',
          median: 30.42,
          sales: 5,
        },
      });
      expect(data).not.toHaveProperty('filter');
      expect(data).not.toHaveProperty('as_of');
    });

    it('gives a null trend when the matched weight is under 3', async () => {
      // PSA 10: the 30 days before hold one sale (200, 40 days ago): weight min(4, 1) = 1.
      expect(
        (await analytics.enrichedValue({ q: 'charizard base set', grade: 'PSA 10' })).trend_30d,
      ).toBeNull();
    });

    it('scores a last sale far above its comparable sales as Reduce', async () => {
      // 48, 50, 51, 52, 100 (one cell): value 51; residual quartiles at exact ranks: q = 2/102;
      // (1 - 4/102) * sqrt(5/30) -> 39; liquidity log10(6)/log10(271) -> 32. The last sale, 100, against
      // its 4 comps restated to week 1 by Base Set's chain (see above: L3 0.2094, L6 0.2739, L8 -0.2369,
      // L9 -0.1763): 50 -> 40.55, 52 -> 39.54, 48 -> 60.83, 51 -> 60.83 (median 50.69): -97.27%,
      // clamped to -30. trend: 100, 50 against 52, 48
      // (60 days exactly is out): weight 2, null.
      // 50 - 30 + 0 + (32-50)/5 + (39-50)/5 = 50 - 30 - 3.6 - 2.2 = 14.2 -> 14.
      const data = await analytics.enrichedValue({ q: 'blastoise' });
      expect([data.value, data.confidence, data.liquidity, data.last_sale, data.trend_30d]).toEqual([
        51,
        39,
        32,
        100,
        null,
      ]);
      expect([data.buy_score, data.verdict]).toEqual([14, 'Reduce']);
      expect(data.last_sale_comps).toEqual({
        title: '1999 Pokemon Base Set Blastoise Holo #2',
        grade: 'PSA 10',
        median: 50.69,
        sales: 4,
      });
    });

    it('counts sales_90d and liquidity on 90 days even when the value widens to 365', async () => {
      // Ohtani: 90 days hold one sale (50); 365 days: 50, 60, 70, 80 -> value 65, low 57.5, high 72.5.
      // confidence: residuals around 65: p25 rank 0.75 = -0.1068, p75 rank 2.25 = 0.0897; q = tanh(0.0982)
      // = 0.0979; (1 - 0.1958) * sqrt(4/30) = 0.2937, times freshness min(1, 1/5) = 0.0587 -> 6.
      // liquidity log10(2)/log10(271) -> 12. The last sale, 50, against its comps 60, 70, 80 (median 70):
      // discount 28.57%. 50 + 28.57 + 0 + (12-50)/5 + (6-50)/5 = 50 + 28.57 - 7.6 - 8.8 = 62.17 -> 62.
      const data = await analytics.enrichedValue({ q: 'ohtani' });
      expect(data).toMatchObject({
        window_days: 365,
        sample_size: 4,
        value: 65,
        low: 57.5,
        high: 72.5,
        confidence: 6,
        sales_90d: 1,
        liquidity: 12,
        last_sale: 50,
        buy_score: 62,
        verdict: 'Accumulate',
        last_sale_comps: {
          title: '2018 Topps Chrome Shohei Ohtani #150 RC',
          grade: 'PSA 10',
          median: 70,
          sales: 3,
        },
      });
    });

    it('lists the matched cards with their sales in the window, most sales first', async () => {
      const data = await analytics.enrichedValue({ q: 'charizard' });
      expect(data.matched_cards).toEqual([
        {
          category: 'pokemon',
          label: 'Base Set',
          title: '1999 Pokemon Base Set Charizard Holo #4',
          sales: 12,
        },
        { category: 'pokemon', label: 'Jungle', title: '1999 Pokemon Jungle Charizard Promo', sales: 4 },
      ]);
      expect(data.sample_size).toBe(16);
    });
  });

  describe('sold (/v1/sold)', () => {
    it('aggregates the last `days` days of every matched card, with the grade ladder', async () => {
      // 30 days, (as_of - 30d, as_of]: Base Set 10, 100, 110, 120, 130, 30, 34, 50; Jungle 15, 25
      // (77 is exactly 30 days old: out). Sorted 10 15 25 30 34 50 100 110 120 130: median 42, avg 62.4.
      expect(await analytics.sold({ q: 'charizard', days: 30 })).toEqual({
        avg: 62.4,
        max: 130,
        min: 10,
        median: 42,
        sales: 10,
        window_days: 30,
        by_grade: [
          { grade: 'Raw', avg: 16.67, median: 15, sales: 3 },
          { grade: 'PSA 9', avg: 38, median: 34, sales: 3 },
          { grade: 'PSA 10', avg: 115, median: 115, sales: 4 },
        ],
      });
    });

    it('ends the window at the latest sale, inclusive, and excludes a sale exactly `days` old', async () => {
      const data = await analytics.sold({ q: 'charizard', days: 1 });
      expect([data.sales, data.median]).toEqual([1, 10]);
    });

    it('filters by grade, and is no_match with no sale in the window', async () => {
      expect((await analytics.sold({ q: 'charizard', grade: 'PSA 10', days: 30 })).sales).toBe(4);
      expect((await noMatch(() => analytics.sold({ q: 'ohtani', days: 5 }))).hint).toMatch(/last 5 days/);
    });
  });

  describe('movers (/v1/movers)', () => {
    it('compares each card and grade with itself between the last 7 days and the 7 before', async () => {
      // Panini Prizm (the example): cells Luka PSA 10 (P 100, 110, 90: 100 / C 121, 99: 110,
      // w 2), Luka Raw (10 / 12, w 2), Wembanyama PSA 10 (50 / 45, w 1); the Silver Prizm at 9,000 is
      // unmatched. g = (2 ln 1.1 + 2 ln 1.2 + ln 0.9) / 5 = 0.08998: +9.42%; prev_avg = (2*100 + 2*10 +
      // 50) / 5 = 54; current_avg = 54 * 1.09415 = 59.08; n = 5 + 4 + 2 = 11.
      // Donruss Optic, at the threshold (3 cells, weight 5): PSA 9 80 / 100 (the 80 exactly 7 days old is
      // in the previous week), PSA 10 200 / 220 (the 2,000 exactly 14 days old in neither), Raw 20 / 18:
      // g = (2 ln 1.25 + 2 ln 1.1 + ln 0.9) / 5 = 0.10631: +11.22%; prev_avg = (160 + 400 + 20) / 5 = 116,
      // current_avg 129.01, n = 4 + 4 + 2 = 10.
      // Left out: Upper Deck Series 1 (3 cells, weight 4), Topps Merlin Chrome (2 cells).
      expect(await analytics.movers({ limit: 25 })).toEqual({
        beta: true,
        movers: [
          {
            label: 'Donruss Optic',
            category: 'football',
            current_avg: 129.01,
            prev_avg: 116,
            pct_change: 11.22,
            direction: 'up',
            n: 10,
          },
          {
            label: 'Panini Prizm',
            category: 'basketball',
            current_avg: 59.08,
            prev_avg: 54,
            pct_change: 9.42,
            direction: 'up',
            n: 11,
          },
        ],
      });
    });

    it('honours limit and category', async () => {
      expect((await analytics.movers({ limit: 1 })).movers.map((row) => row.label)).toEqual([
        'Donruss Optic',
      ]);
      expect(
        (await analytics.movers({ category: 'basketball', limit: 25 })).movers.map((row) => row.label),
      ).toEqual(['Panini Prizm']);
      expect((await analytics.movers({ category: 'hockey', limit: 25 })).movers).toEqual([]);
    });
  });

  describe('exact titles and no_match hints (decisions.md, "Free-text card query")', () => {
    it('matches one card with the title in double quotes, where the words match three', async () => {
      const title = '1999 Pokemon Base Set Venusaur Holo #15';
      const words = await analytics.enrichedValue({ q: title });
      // Most sales first (2, 1, 1), then by title.
      expect(words.matched_cards?.map((card) => card.title)).toEqual([
        title,
        '1999 Pokemon Base Set 1st Edition Venusaur Holo #15',
        '1999 Pokemon Base Set Shadowless Venusaur Holo #15',
      ]);
      const exact = await analytics.enrichedValue({ q: `"${title}"` });
      expect(exact.matched_cards?.map((card) => card.title)).toEqual([title]);
      expect([exact.sample_size, exact.value]).toEqual([2, 310]);
      // Case and runs of white space do not matter; a title that is not exact matches nothing.
      expect((await analytics.value({ q: '"1999 pokemon   base set VENUSAUR holo #15"' })).sample_size).toBe(
        2,
      );
      expect(
        (await noMatch(() => analytics.value({ q: '"1999 Pokemon Base Set Venusaur Holo"' }))).hint,
      ).toMatch(
        /No card title is exactly "1999 Pokemon Base Set Venusaur Holo"\. Try q=1999 pokemon base set venusaur holo instead\./,
      );
    });

    it('names the nearest catalogue word, and a grade typed into q', async () => {
      expect((await noMatch(() => analytics.value({ q: 'charzard base set' }))).hint).toMatch(
        /"charzard" is in no card title; did you mean "charizard"\? Try q=charizard base set instead\./,
      );
      expect((await noMatch(() => analytics.value({ q: 'charizard base set psa 10' }))).hint).toMatch(
        /"psa 10" is a grade, not part of a card title: send it as grade=PSA 10\. Try q=charizard base set instead\./,
      );
      // The grade's words leave the suggestion too ("4" is a title word of the Charizard, "10" is not
      // taken as one), and the correction enters it.
      expect((await noMatch(() => analytics.value({ q: 'charzard psa 10 base set 4' }))).hint).toMatch(
        /send it as grade=PSA 10\. "charzard" is in no card title; did you mean "charizard"\? Try q=charizard base set 4 instead\./,
      );
    });

    it('never suggests a query that would itself be no_match on the same operation and window', async () => {
      const bad = [
        'charizard pikachu',
        'charzard base set',
        'charizard base set psa 10',
        'blastoise jungle promo',
        '"1999 Pokemon Base Set Venusaur Holo"',
        'ohtani luka',
        'mcdavid young guns 2016',
      ];
      const operations: [string, (q: string) => Promise<unknown>][] = [
        ['sold 5 days', (q) => analytics.sold({ q, days: 5 })],
        ['sold 30 days PSA 10', (q) => analytics.sold({ q, days: 30, grade: 'PSA 10' })],
        ['value', (q) => analytics.value({ q })],
        ['v3 value over 100', (q) => analytics.enrichedValue({ q, min_price: 100 })],
      ];
      let followed = 0;
      for (const [, run] of operations) {
        for (const q of bad) {
          const { hint } = await noMatch(() => run(q));
          const suggestion = suggestedQueryOf(hint);
          if (suggestion === null) continue;
          await expect(run(suggestion), `${q} -> ${suggestion}`).resolves.toBeDefined();
          followed += 1;
        }
      }
      expect(followed).toBeGreaterThan(15);
    });
  });

  describe('snapshots: categories, floor, index', () => {
    // Listings active on a day: listed before its end, not ended by its start.
    // 05-29: Charizard 100, Blastoise 50 (Ohtani 300 ended at 05-29 00:00: never in a snapshot)
    // 05-30: + Jungle 20; 05-31: Blastoise ended, Ohtani Raw 40 listed at 23:00;
    // 06-01: Jungle ended at 00:00, Charizard Raw 10 listed. Latest snapshot: 2026-06-01.
    it('lists every category from the latest snapshot, by listings then name', async () => {
      const data = await analytics.categories({});
      expect(data.as_of).toBe('2026-06-01');
      if (!('categories' in data)) throw new Error('expected the category index');
      expect(data.categories.slice(0, 3)).toEqual([
        { category: 'pokemon', labels: 1, listings: 2 },
        { category: 'baseball', labels: 1, listings: 1 },
        { category: 'basketball', labels: 0, listings: 0 },
      ]);
      expect(data.categories).toHaveLength(CATEGORIES.length);
    });

    it("lists a category's labels from the latest snapshot", async () => {
      expect(await analytics.categories({ category: 'pokemon' })).toEqual({
        as_of: '2026-06-01',
        category: 'pokemon',
        labels: [{ label: 'Base Set', avg: 55, median: 55, listings: 2 }],
      });
    });

    it('gives the floor per category by total value', async () => {
      expect(await analytics.floor({})).toEqual({
        as_of: '2026-06-01',
        categories: [
          { category: 'pokemon', avg: 55, median: 55, listings: 2, floor_min: 10, total_value: 110 },
          { category: 'baseball', avg: 40, median: 40, listings: 1, floor_min: 40, total_value: 40 },
        ],
      });
      expect((await analytics.floor({ category: 'baseball' })).categories.map((row) => row.category)).toEqual(
        ['baseball'],
      );
    });

    it('gives the daily series by date then category, from 2026-05-29', async () => {
      const { series } = await analytics.index({});
      expect(series.map((row) => `${row.date} ${row.category}`)).toEqual([
        '2026-05-29 pokemon',
        '2026-05-30 pokemon',
        '2026-05-31 baseball',
        '2026-05-31 pokemon',
        '2026-06-01 baseball',
        '2026-06-01 pokemon',
      ]);
      // 05-30: 100, 50, 20: avg 56.67, median 50
      expect(series[1]).toEqual({
        date: '2026-05-30',
        category: 'pokemon',
        avg: 56.67,
        median: 50,
        listings: 3,
        floor_min: 20,
        total_value: 170,
      });
    });

    it('clamps from to 2026-05-29 and keeps to inclusive', async () => {
      const { series } = await analytics.index({ from: '2026-01-01', to: '2026-05-30' });
      expect(series.map((row) => row.date)).toEqual(['2026-05-29', '2026-05-30']);
      expect((await analytics.index({ category: 'baseball', from: '2026-06-01' })).series).toHaveLength(1);
    });

    it('gives the series of a label (case-insensitive), and no_match for a label the store lacks', async () => {
      const { series } = await analytics.index({ label: 'jungle' });
      expect(series.map((row) => [row.date, row.category, row.median])).toEqual([
        ['2026-05-30', 'pokemon', 20],
        ['2026-05-31', 'pokemon', 20],
      ]);
      expect((await noMatch(() => analytics.index({ label: 'Neo Genesis' }))).hint).toMatch(
        /\/v1\/categories/,
      );
      await noMatch(() => analytics.index({ label: 'Jungle', category: 'baseball' }));
    });
  });

  describe('raw data never leaves', () => {
    it('answers carry no source ids, listing or sale ids, sellers or URLs', async () => {
      const answers = [
        await analytics.categories({}),
        await analytics.categories({ category: 'pokemon' }),
        await analytics.floor({}),
        await analytics.index({}),
        await analytics.index({ label: 'Base Set' }),
        await analytics.movers({ limit: 100 }),
        await analytics.sold({ q: 'charizard', days: 365 }),
        await analytics.value({ q: 'charizard' }),
        await analytics.enrichedValue({ q: 'charizard' }),
      ];
      const text = JSON.stringify(answers);
      for (const id of [...SALE_SOURCE_IDS, ...LISTING_SOURCE_IDS]) expect(text).not.toContain(id);
      const keys = new Set<string>();
      const walk = (value: unknown): void => {
        if (Array.isArray(value)) value.forEach(walk);
        else if (value !== null && typeof value === 'object') {
          for (const [key, member] of Object.entries(value)) {
            keys.add(key);
            walk(member);
          }
        }
      };
      walk(answers);
      for (const key of keys) expect(key).not.toMatch(/(^id$|_id$|source|seller|url|listing_id|sale_id)/);
    });
  });
});
