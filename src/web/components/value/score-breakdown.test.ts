import { describe, expect, it } from 'vitest';
import { discountFromComps } from '../../../contract/buy-score';
import { discountComparison, discountReading, explainScore, formatPoints } from './score-breakdown';

const TITLE = '1999 Pokemon Base Set Charizard Holo #4';
const comps = (median: number | null, sales: number) => ({ title: TITLE, grade: 'PSA 10', median, sales });

describe('discount comparison', () => {
  it('compares the last sale with its own card and grade, with the contract formula', () => {
    const comparison = discountComparison({ last_sale: 180, last_sale_comps: comps(200, 12) });
    expect(comparison).toEqual({
      kind: 'compared',
      title: TITLE,
      grade: 'PSA 10',
      lastSale: 180,
      median: 200,
      sales: 12,
      discountPct: discountFromComps(180, comps(200, 12)),
    });
    expect(comparison.kind === 'compared' && comparison.discountPct).toBe(10);
  });

  it('reads fewer than 3 comps, or none, as too few: the discount is 0', () => {
    expect(discountComparison({ last_sale: 100, last_sale_comps: comps(400, 2) })).toMatchObject({
      kind: 'too-few',
      median: 400,
      sales: 2,
      discountPct: 0,
    });
    expect(discountComparison({ last_sale: 100, last_sale_comps: comps(null, 0) })).toMatchObject({
      kind: 'too-few',
      discountPct: 0,
    });
  });

  it('is unknown when the server does not send last_sale_comps (never the mixed median)', () => {
    expect(discountComparison({ last_sale: 100 })).toEqual({ kind: 'unknown' });
  });

  it('says the comparison in words', () => {
    const read = (last_sale: number, median: number | null, sales: number) =>
      discountReading(discountComparison({ last_sale, last_sale_comps: comps(median, sales) }));
    expect(read(180, 200, 12)).toBe(
      "last sale $180.00 is 10.00% below what its 12 other PSA 10 sales would fetch today (their median $200.00, each moved to the last sale's week by its label's sales index)",
    );
    expect(read(220, 200, 3)).toBe(
      "last sale $220.00 is 10.00% above what its 3 other PSA 10 sales would fetch today (their median $200.00, each moved to the last sale's week by its label's sales index)",
    );
    expect(read(200, 200, 5)).toBe(
      "last sale $200.00 equals what its 5 other PSA 10 sales would fetch today (their median $200.00, each moved to the last sale's week by its label's sales index)",
    );
    expect(read(100, 400, 2)).toBe(
      'only 2 other PSA 10 sales of this card in the window: too few to call the last sale cheap or dear, so the discount adds nothing',
    );
    expect(read(100, 400, 1)).toMatch(/^only 1 other PSA 10 sale of this card in the window: too few/);
    expect(read(100, null, 0)).toMatch(/^no other PSA 10 sale of this card in the window: too few/);
    expect(discountReading({ kind: 'unknown' })).toMatch(/^unknown: .*adds nothing$/);
  });
});

describe('score breakdown', () => {
  it('explains the score with the contract formula: base 50 plus each input', () => {
    const explanation = explainScore({
      last_sale: 180,
      last_sale_comps: comps(200, 12),
      trend_30d: 8,
      liquidity: 75,
      confidence: 40,
    });
    expect(explanation.base).toBe(50);
    expect(explanation.rows.map((row) => [row.input, row.points])).toEqual([
      ['discount', 10],
      ['trend', 4],
      ['liquidity', 5],
      ['confidence', -2],
    ]);
    expect(explanation.recomputed).toBe(67);
    expect(explanation.comparison.kind).toBe('compared');
  });

  it('gives the discount no points with fewer than 3 comps, however far the last sale is from them', () => {
    const explanation = explainScore({
      last_sale: 100,
      last_sale_comps: comps(400, 2),
      trend_30d: null,
      liquidity: 50,
      confidence: 50,
    });
    expect(explanation.rows[0]?.points).toBe(0);
    expect(explanation.recomputed).toBe(50);
  });

  it('reads an absent comparison as a neutral discount', () => {
    const explanation = explainScore({ last_sale: 10, trend_30d: null, liquidity: 50, confidence: 50 });
    expect(explanation.comparison).toEqual({ kind: 'unknown' });
    expect(explanation.rows[0]?.points).toBe(0);
    expect(explanation.recomputed).toBe(50);
  });

  it('says a null trend adds nothing', () => {
    const explanation = explainScore({
      last_sale: 100,
      last_sale_comps: comps(100, 4),
      trend_30d: null,
      liquidity: 50,
      confidence: 50,
    });
    expect(explanation.rows[1]).toEqual({
      input: 'trend',
      label: '30-day trend',
      reading: 'not enough sales: adds nothing',
      points: 0,
    });
    expect(explanation.recomputed).toBe(50);
  });

  it('writes points with their sign and one decimal', () => {
    expect(formatPoints(12.345)).toBe('+12.3');
    expect(formatPoints(-4)).toBe('-4.0');
    expect(formatPoints(0.01)).toBe('0.0');
  });
});
