import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardsParamsSchema, HistoryParamsSchema } from '../../contract/params';
import type { GradeValue } from '../../contract/resources';
import { TEST_STORES, type TestStore } from '../store/testing/test-stores';
import { AnalyticsError } from './analytics-error';
import { CARD_AS_OF, loadCardMarket } from './testing/card-market';
import { type BoundOperations, operationsOn } from './testing/operations-on';

/**
 * The card operations of issue 24 on the hand-made market of testing/card-market.ts, every figure
 * worked out by hand in the comments (percentiles: rank = (n - 1) * p, linear between ranks).
 * As of 2026-03-04 12:00 UTC: the 90 days start after 2025-12-04 12:00, the 365 after 2025-03-04 12:00.
 */
const JORDAN = '"1986 Fleer Michael Jordan #57"';

async function refusal(run: () => Promise<unknown>, code: AnalyticsError['code'] = 'no_match') {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AnalyticsError);
    expect((error as AnalyticsError).code).toBe(code);
    return error as AnalyticsError;
  }
  throw new Error(`expected ${code}`);
}

/** A rung without its next sale (compared on its own below). */
const withoutNextSale = ({ next_sale, ...rung }: GradeValue) => rung;

describe.each(TEST_STORES)('on the $kind store', ({ open }) => {
  let opened: TestStore;
  let analytics: BoundOperations;
  beforeAll(async () => {
    opened = await open();
    await loadCardMarket(opened.store);
    analytics = operationsOn(opened.store.reader);
  });
  afterAll(() => opened.close());

  describe('the ladder: each rung is the single-grade answer', () => {
    // Jordan #57 in 90 days: PSA 8 45, 48, 50, 52, 55, 60, 65, 70 (8); PSA 9 110, 120 (2); PSA 10 300 (1).
    // PSA 8 stays at 90 days: median rank 3.5 = 53.5, p25 rank 1.75 = 49.5, p75 rank 5.25 = 61.25.
    // PSA 9 widens (2 < 5): 100, 110, 120: 110, p25 105, p75 115.
    // PSA 10 widens (1 < 5): 240, 250, 260, 270, 280, 300 (the 999 is 418 days old): median 265,
    // p25 rank 1.25 = 252.5, p75 rank 3.75 = 277.5.
    const ladder = [
      {
        grade: 'PSA 8',
        value: 53.5,
        low: 49.5,
        high: 61.25,
        min: 45,
        max: 70,
        sample_size: 8,
        window_days: 90,
      },
      {
        grade: 'PSA 9',
        value: 110,
        low: 105,
        high: 115,
        min: 100,
        max: 120,
        sample_size: 3,
        window_days: 365,
      },
      {
        grade: 'PSA 10',
        value: 265,
        low: 252.5,
        high: 277.5,
        min: 240,
        max: 300,
        sample_size: 6,
        window_days: 365,
      },
    ];

    it('keeps the headline at 90 days while a rung widens to 365, sorted by value', async () => {
      // Headline, 11 sales in 90 days: 45 48 50 52 55 60 65 70 110 120 300: median rank 5 = 60,
      // p25 rank 2.5 = 51, p75 rank 7.5 = 90.
      const data = await analytics.value({ q: JORDAN });
      expect([data.window_days, data.sample_size, data.value, data.low, data.high]).toEqual([
        90, 11, 60, 51, 90,
      ]);
      expect(data.by_grade.map(withoutNextSale)).toEqual(ladder);
      // /v3/value's rungs are the same, with the population report's counts: none in this market.
      const enriched = (await analytics.enrichedValue({ q: JORDAN })).by_grade;
      expect(
        enriched.map(({ population, population_higher, population_as_of, ...rung }) => withoutNextSale(rung)),
      ).toEqual(ladder);
      expect(
        enriched.map((rung) => [rung.population, rung.population_higher, rung.population_as_of]),
      ).toEqual(ladder.map(() => [null, null, null]));
    });

    it('answers a grade with the same figures as its rung, and that one rung', async () => {
      const rungs = (await analytics.value({ q: JORDAN })).by_grade;
      for (const rung of ladder) {
        const data = await analytics.value({ q: JORDAN, grade: rung.grade });
        // The rung's next sale is the one-grade answer's, whatever it is (next-sale.test.ts).
        const full = rungs.find((r) => r.grade === rung.grade);
        expect(full?.next_sale).toEqual(data.next_sale);
        expect(data.by_grade).toEqual([full]);
        expect({
          grade: data.grade,
          value: data.value,
          low: data.low,
          high: data.high,
          min: data.min,
          max: data.max,
          sample_size: data.sample_size,
          window_days: data.window_days,
        }).toEqual(rung);
      }
    });
  });

  describe('/v1/cards', () => {
    it('lists the matched cards by the value of their sales in 365 days, then title, with a catalogue card of no recent sale', async () => {
      // In 365 days: Jordan #57 sold 17 times (11 in 90) for 300 + 250 + 260 + 240 + 270 + 280 (PSA 10)
      // + 50 + 52 + 70 + 48 + 65 + 60 + 55 + 45 (PSA 8) + 120 + 110 + 100 (PSA 9) = 2,375; the sticker
      // 3 times for 400 + 420 + 80 = 900; Bird 3 times for 90 + 95 + 200 = 385: the sticker leads Bird
      // on value, not on count. Ewing's one sale is 458 days old: zeros and null.
      const data = await analytics.cards({ q: 'fleer', limit: 25 });
      expect(data).toEqual({
        query: 'fleer',
        total: 4,
        cards: [
          {
            title: '1986 Fleer Michael Jordan #57',
            category: 'basketball',
            label: 'Fleer',
            sales_90d: 11,
            sales_365d: 17,
            sales_value_365d: 2375,
            last_sale_date: CARD_AS_OF,
            grades: ['PSA 10', 'PSA 8', 'PSA 9'],
          },
          {
            title: '1986 Fleer Michael Jordan Sticker #8',
            category: 'basketball',
            label: 'Fleer Stickers',
            sales_90d: 1,
            sales_365d: 3,
            sales_value_365d: 900,
            last_sale_date: '2026-02-10T10:00:00.000Z',
            grades: ['PSA 9', 'Raw'],
          },
          {
            title: '1986 Fleer Larry Bird #9',
            category: 'basketball',
            label: 'Fleer',
            sales_90d: 1,
            sales_365d: 3,
            sales_value_365d: 385,
            last_sale_date: '2025-12-20T10:00:00.000Z',
            grades: ['BGS 9.5', 'PSA 8'],
          },
          {
            title: '1986 Fleer Patrick Ewing #32 RC',
            category: 'basketball',
            label: 'Fleer',
            sales_90d: 0,
            sales_365d: 0,
            sales_value_365d: 0,
            last_sale_date: null,
            grades: [],
          },
        ],
      });
    });

    it('keeps `limit` cards and counts them all in `total`', async () => {
      const data = await analytics.cards({ q: 'fleer', limit: 2 });
      expect(data.total).toBe(4);
      expect(data.cards.map((card) => card.title)).toEqual([
        '1986 Fleer Michael Jordan #57',
        '1986 Fleer Michael Jordan Sticker #8',
      ]);
    });

    it('filters by label (any case, runs of white space as one) and category', async () => {
      const fleer = await analytics.cards({ q: 'jordan', label: 'fleer', limit: 25 });
      expect(fleer.cards.map((card) => card.title)).toEqual(['1986 Fleer Michael Jordan #57']);
      const stickers = await analytics.cards({ q: 'jordan', label: '  FLEER   stickers ', limit: 25 });
      expect(stickers.cards.map((card) => card.title)).toEqual(['1986 Fleer Michael Jordan Sticker #8']);
      // "Prizm" is a label of basketball and of football.
      const prizm = await analytics.cards({ q: 'panini', label: 'Prizm', limit: 25 });
      expect(prizm.cards.map((card) => [card.category, card.title])).toEqual([
        ['basketball', '2019 Panini Prizm Zion Williamson #248 RC'],
        ['football', '2020 Panini Prizm Justin Herbert #325 RC'],
      ]);
      const football = await analytics.cards({
        q: 'panini',
        label: 'prizm',
        category: 'football',
        limit: 25,
      });
      expect(football.cards.map((card) => card.title)).toEqual(['2020 Panini Prizm Justin Herbert #325 RC']);
    });

    it('is no_match when no card matches, or the label is no card’s, naming the nearest label', async () => {
      expect(
        (await refusal(() => analytics.cards({ q: 'fleer', category: 'football', limit: 25 }))).hint,
      ).toMatch(/^No card with category football has a title with all of the words of "fleer"\./);
      expect(
        (await refusal(() => analytics.cards({ q: 'jordan', label: 'Fleer Stikers', limit: 25 }))).hint,
      ).toBe(
        'No card carries the label "Fleer Stikers". The nearest label is "Fleer Stickers" (basketball): send label=Fleer Stickers.',
      );
      // Prizm is a basketball label too, but not of football's nearest: within the category only.
      expect(
        (
          await refusal(() =>
            analytics.cards({ q: 'herbert', label: 'Prizn', category: 'football', limit: 25 }),
          )
        ).hint,
      ).toMatch(/The nearest label is "Prizm" \(football\)/);
      expect(
        (
          await refusal(() =>
            analytics.cards({ q: 'zion', label: 'Donruss Optic', category: 'basketball', limit: 25 }),
          )
        ).hint,
      ).toMatch(/^No card of category basketball carries the label "Donruss Optic"\./);
    });

    it('refuses a limit out of 1..100 or not whole', () => {
      for (const limit of ['0', '101', '2.5', 'ten'])
        expect(CardsParamsSchema.safeParse({ q: 'fleer', limit }).success, limit).toBe(false);
      expect(CardsParamsSchema.parse({ q: 'fleer', limit: '100' }).limit).toBe(100);
      expect(CardsParamsSchema.parse({ q: 'fleer', limit: '1' }).limit).toBe(1);
      expect(CardsParamsSchema.parse({ q: 'fleer' }).limit).toBe(25);
    });
  });

  describe('the label and category filters of /v1/sold and /v1/value', () => {
    it('sums the sales of a label shared by two categories, or of one category', async () => {
      // 90 days: Zion 200, 180; Herbert (Prizm) 150, 170: median (170 + 180) / 2 = 175, avg 175.
      const both = await analytics.sold({ q: 'panini', label: 'Prizm', days: 90 });
      expect([both.sales, both.median, both.avg, both.min, both.max]).toEqual([4, 175, 175, 150, 200]);
      // 30 days (after 2026-02-02 12:00): Herbert 150, 170.
      const football = await analytics.sold({ q: 'rc', label: 'Prizm', category: 'football', days: 30 });
      expect([football.sales, football.median]).toEqual([2, 160]);
      // Herbert without a label mixes the Optic card (90): 90, 150, 170 -> 150; with it, 150, 170
      // (2 sales: widened to 365) -> 160.
      expect((await analytics.value({ q: 'herbert' })).value).toBe(150);
      const prizm = await analytics.value({ q: 'herbert', label: 'prizm' });
      expect([prizm.value, prizm.sample_size, prizm.window_days]).toEqual([160, 2, 365]);
    });

    it('is no_match when the words match cards of other categories only', async () => {
      expect(
        (await refusal(() => analytics.sold({ q: 'herbert', category: 'basketball', days: 30 }))).hint,
      ).toMatch(/^No card with category basketball has a title with all of the words of "herbert"\./);
    });
  });

  describe('/v1/history', () => {
    it('gives weekly points per grade across the year boundary, in UTC', async () => {
      // [2025-12-22, 2026-01-12): PSA 9 110 (12-29), PSA 9 120 (2026-01-01 00:30 +02:00 = 12-31 22:30 UTC),
      // PSA 8 45 (12-31 23:30), PSA 8 55 (01-05, a Monday). The week of Monday 2025-12-29 spans the new year.
      const data = await analytics.history({
        q: JORDAN,
        interval: 'week',
        from: '2025-12-22',
        to: '2026-01-11',
      });
      expect(data).toEqual({
        query: JORDAN,
        grade: null,
        currency: 'USD',
        interval: 'week',
        from: '2025-12-22',
        to: '2026-01-11',
        cards: 1,
        series: [
          {
            period_start: '2025-12-29',
            grade: 'PSA 8',
            median: 45,
            low: 45,
            high: 45,
            min: 45,
            max: 45,
            sales: 1,
          },
          {
            period_start: '2025-12-29',
            grade: 'PSA 9',
            median: 115,
            low: 112.5,
            high: 117.5,
            min: 110,
            max: 120,
            sales: 2,
          },
          {
            period_start: '2026-01-05',
            grade: 'PSA 8',
            median: 55,
            low: 55,
            high: 55,
            min: 55,
            max: 55,
            sales: 1,
          },
        ],
      });
    });

    it('gives monthly points, a sale at 23:59:59 on the last day in its month and one at 00:00 in the next', async () => {
      // Nov: PSA 10 250. Dec: PSA 8 45; PSA 9 110, 120. Jan: PSA 8 55, 60, 65 (01-31 23:59:59).
      // Feb: PSA 10 300; PSA 8 70 (02-01 00:00), 48: median 59, p25 53.5, p75 64.5. "PSA 10" < "PSA 8".
      const data = await analytics.history({
        q: JORDAN,
        interval: 'month',
        from: '2025-11-01',
        to: '2026-02-28',
      });
      expect(data.series).toEqual([
        {
          period_start: '2025-11-01',
          grade: 'PSA 10',
          median: 250,
          low: 250,
          high: 250,
          min: 250,
          max: 250,
          sales: 1,
        },
        {
          period_start: '2025-12-01',
          grade: 'PSA 8',
          median: 45,
          low: 45,
          high: 45,
          min: 45,
          max: 45,
          sales: 1,
        },
        {
          period_start: '2025-12-01',
          grade: 'PSA 9',
          median: 115,
          low: 112.5,
          high: 117.5,
          min: 110,
          max: 120,
          sales: 2,
        },
        {
          period_start: '2026-01-01',
          grade: 'PSA 8',
          median: 60,
          low: 57.5,
          high: 62.5,
          min: 55,
          max: 65,
          sales: 3,
        },
        {
          period_start: '2026-02-01',
          grade: 'PSA 10',
          median: 300,
          low: 300,
          high: 300,
          min: 300,
          max: 300,
          sales: 1,
        },
        {
          period_start: '2026-02-01',
          grade: 'PSA 8',
          median: 59,
          low: 53.5,
          high: 64.5,
          min: 48,
          max: 70,
          sales: 2,
        },
      ]);
      const psa8 = await analytics.history({
        q: JORDAN,
        grade: 'PSA 8',
        interval: 'month',
        from: '2025-11-01',
        to: '2026-02-28',
      });
      expect(psa8.grade).toBe('PSA 8');
      expect(psa8.series.map((point) => [point.period_start, point.sales])).toEqual([
        ['2025-12-01', 1],
        ['2026-01-01', 3],
        ['2026-02-01', 2],
      ]);
    });

    it('defaults to the year to the as-of date, and counts the cards it mixes', async () => {
      // to = 2026-03-04, from = to - 364 days = 2025-03-05. "jordan" matches #57 and the sticker.
      const data = await analytics.history({ q: 'jordan', interval: 'month' });
      expect([data.from, data.to, data.cards]).toEqual(['2025-03-05', '2026-03-04', 2]);
      // April 2025: Jordan PSA 10 280 only (the sticker's Raw is in May); the 999 of January 2025 is out.
      expect(data.series[0]).toEqual({
        period_start: '2025-04-01',
        grade: 'PSA 10',
        median: 280,
        low: 280,
        high: 280,
        min: 280,
        max: 280,
        sales: 1,
      });
    });

    it('refuses from after to, a range over 1,096 days and an unknown interval', async () => {
      const ok = (params: Record<string, string>) =>
        HistoryParamsSchema.safeParse({ q: 'jordan', ...params }).success;
      expect(ok({ from: '2026-01-02', to: '2026-01-01' })).toBe(false);
      // 2023-01-01 .. 2025-12-31 is 365 + 366 + 365 = 1,096 days; one more is too many.
      expect(ok({ from: '2023-01-01', to: '2025-12-31' })).toBe(true);
      expect(ok({ from: '2023-01-01', to: '2026-01-01' })).toBe(false);
      expect(ok({ interval: 'day' })).toBe(false);
      expect(ok({ interval: 'month' })).toBe(true);
      // from alone: to is the as-of date, 2026-03-04; 2023-03-04 .. 2026-03-04 is 1,097 days.
      await refusal(
        () => analytics.history({ q: 'jordan', interval: 'week', from: '2023-03-04' }),
        'invalid_parameter',
      );
      await refusal(
        () => analytics.history({ q: 'jordan', interval: 'week', from: '2026-03-05' }),
        'invalid_parameter',
      );
      expect((await analytics.history({ q: 'jordan', interval: 'week', from: '2023-03-05' })).from).toBe(
        '2023-03-05',
      );
    });

    it('is no_match when no card matches, or the cards did not sell in the range', async () => {
      expect(
        (await refusal(() => analytics.history({ q: '"1986 Fleer Michael Jordan #8"', interval: 'week' })))
          .hint,
      ).toMatch(/^No card title is exactly "1986 Fleer Michael Jordan #8"\./);
      expect(
        (
          await refusal(() =>
            analytics.history({ q: JORDAN, interval: 'week', from: '2024-01-01', to: '2024-06-30' }),
          )
        ).hint,
      ).toBe('"1986 Fleer Michael Jordan #57" has no sale from 2024-01-01 to 2024-06-30.');
      await refusal(() => analytics.history({ q: JORDAN, interval: 'week', label: 'Prizm' }));
    });
  });
});
