import { describe, expect, it } from 'vitest';
import { GradingParamsSchema } from '../../contract/params';
import { createMarketReader } from '../store/sqlite/sqlite-market-reader';
import { AnalyticsError } from './analytics-error';
import { chanceBelow, gradeProbabilities, gradingOutcome, normalCdf } from './grading';
import { CARDS, ingestText, openHandMarket } from './testing/hand-market';
import { operationsOn } from './testing/operations-on';

const COSTS = { fee: 25, pct: 13.25, fixed: 0.3 };

describe('grading arithmetic, worked by hand', () => {
  it('shrinks a card of 40 copies toward its label with the weight of the 60 it lacks', () => {
    // Label shares over the card's three grades: 100, 300, 100 of 500 (its PSA 7s do not count).
    const shares = gradeProbabilities(
      [
        { grade: 'PSA 8', population: 10 },
        { grade: 'PSA 9', population: 20 },
        { grade: 'PSA 10', population: 10 },
      ],
      [
        { grade: 'PSA 7', population: 500 },
        { grade: 'PSA 8', population: 100 },
        { grade: 'PSA 9', population: 300 },
        { grade: 'PSA 10', population: 100 },
      ],
    );
    // (10 + 60 x 0.2) / 100, (20 + 60 x 0.6) / 100, (10 + 60 x 0.2) / 100.
    expect(shares.map((entry) => entry.probability)).toEqual(
      [0.22, 0.56, 0.22].map((p) => expect.closeTo(p, 12)),
    );
    // At 100 copies or more, the card's own shares.
    const own = gradeProbabilities(
      [
        { grade: 'PSA 9', population: 150 },
        { grade: 'PSA 10', population: 50 },
      ],
      [{ grade: 'PSA 9', population: 1 }],
    );
    expect(own.map((entry) => entry.probability)).toEqual([0.75, 0.25]);
  });

  it('the standard normal distribution function matches the table', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.841345, 6);
    expect(normalCdf(-1.96)).toBeCloseTo(0.024998, 6);
    expect(normalCdf(1.2815515655)).toBeCloseTo(0.9, 6);
    // The 80 % range's ends are the 10th and 90th percentiles; its geometric middle the median.
    expect(chanceBelow({ low: 100, high: 400 }, 100)).toBeCloseTo(0.1, 6);
    expect(chanceBelow({ low: 100, high: 400 }, 200)).toBeCloseTo(0.5, 6);
    expect(chanceBelow({ low: 100, high: 400 }, 400)).toBeCloseTo(0.9, 6);
  });

  it('expected net, chance of a loss and break-even grade over the priced grades', () => {
    const outcome = gradingOutcome(
      [
        {
          grade: 'PSA 8',
          probability: 0.22,
          next: { estimate: 100, low: 80, high: 125, level: 80, sales_used: 9 },
        },
        {
          grade: 'PSA 9',
          probability: 0.56,
          next: { estimate: 200, low: 160, high: 250, level: 80, sales_used: 9 },
        },
        { grade: 'PSA 10', probability: 0.22, next: null },
      ],
      COSTS,
      80 * 0.8675 - 0.3, // a raw copy's estimate of $80 after 13.25 % + $0.30: $69.10
    );
    // Nets: 100 x 0.8675 - 0.30 - 25 = 61.45 and 200 x 0.8675 - 25.30 = 148.20, weighted 0.22 and
    // 0.56 out of the 0.78 that is priced.
    expect(outcome.expectedNet).toBeCloseTo((0.22 * 61.45 + 0.56 * 148.2) / 0.78, 9);
    expect(outcome.unpriced).toBeCloseTo(0.22, 12);
    expect(outcome.breakEven).toBe('PSA 9');
    // A loss: the graded copy sells under (69.10 + 0.30 + 25) / 0.8675 = $108.82. PSA 8: log-normal
    // with median 100 and sigma ln(125 / 80) / 2.5631 = 0.17412, so z = 0.4853 and P = 0.6863 (table);
    // PSA 9: median 200, z = -3.4957, P = 0.00024.
    expect(outcome.pLoss).toBeCloseTo((0.22 * 0.6863 + 0.56 * 0.00024) / 0.78, 3);
  });

  it('without a raw market: no chance of a loss and no break-even grade', () => {
    const outcome = gradingOutcome(
      [
        {
          grade: 'PSA 9',
          probability: 1,
          next: { estimate: 200, low: 160, high: 250, level: 80, sales_used: 9 },
        },
      ],
      COSTS,
      null,
    );
    expect(outcome).toEqual({ expectedNet: 148.2, pLoss: null, breakEven: null, unpriced: 0 });
  });
});

describe('GET /v1/grading on a hand-made market and report', () => {
  const [category, label, title] = CARDS.charizard;
  const params = (extra: Record<string, string> = {}) =>
    GradingParamsSchema.parse({ q: `"${title}"`, ...extra });

  it('lists the report grades lowest first, each net from its own next-sale estimate', async () => {
    const db = await openHandMarket();
    await ingestText(
      db,
      'population',
      'pop.csv',
      [
        'grader,category,label,title,grade,population,as_of',
        `PSA,${category},${label},${title},PSA 10,30,2026-06-30`,
        `PSA,${category},${label},${title},PSA 9,90,2026-06-30`,
        `PSA,${category},${label},${title},PSA 2,5,2026-06-20`,
      ].join('\n'),
    );
    const market = operationsOn(createMarketReader(db));
    const answer = await market.grading(params({ cost: '40', fee: '20' }));
    expect(answer.title).toBe(title);
    expect(answer.graded_copies).toBe(125);
    expect(answer.population_as_of).toBe('2026-06-30');
    expect(answer.by_grade.map((row) => row.grade)).toEqual(['PSA 2', 'PSA 9', 'PSA 10']);
    // 125 copies: no shrinkage, the card's own shares.
    expect(answer.by_grade.map((row) => row.probability)).toEqual([0.04, 0.72, 0.24]);
    const value = await market.value({ q: `"${title}"` });
    // PSA 10 sold often enough for a next-sale range; PSA 2 never sold.
    expect(answer.by_grade.find((row) => row.grade === 'PSA 10')?.estimate).toEqual(expect.any(Number));
    expect(answer.by_grade.find((row) => row.grade === 'PSA 2')?.estimate).toBeNull();
    for (const row of answer.by_grade) {
      const rung = value.by_grade.find((entry) => entry.grade === row.grade);
      expect(row.estimate).toBe(rung?.next_sale?.estimate ?? null);
      if (row.estimate !== null) expect(row.net).toBeCloseTo(row.estimate * 0.8675 - 0.3 - 20, 2);
      else expect(row.net).toBeNull();
    }
    expect(answer.fee).toBe(20);
    expect(answer.expected_profit).toBeCloseTo((answer.expected_net as number) - 40, 2);
    expect(answer.caveat).toMatch(/chose to submit/);
  });

  it('a card without a report of that grader is no_match that spends; a q that is not one exact title is refused', async () => {
    const db = await openHandMarket();
    const market = operationsOn(createMarketReader(db));
    const refusal = await market.grading(params()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AnalyticsError);
    expect(refusal).toMatchObject({ code: 'no_match', spendsCall: true });
    expect((refusal as AnalyticsError).hint).toMatch(/No PSA population report holds this card/);
    expect(GradingParamsSchema.safeParse({ q: 'charizard' }).success).toBe(false);
    expect(GradingParamsSchema.safeParse({ q: `"${title}"`, grader: 'XYZ' }).success).toBe(false);
  });
});
