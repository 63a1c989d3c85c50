import { describe, expect, it } from 'vitest';
import { discountPct, explainScore, formatPoints } from './score-breakdown';

describe('score breakdown', () => {
  it('measures the discount of the last sale against the value', () => {
    expect(discountPct({ value: 200, last_sale: 180 })).toBe(10);
    expect(discountPct({ value: 200, last_sale: 220 })).toBe(-10);
  });

  it('explains the score with the contract formula: base 50 plus each input', () => {
    const explanation = explainScore({
      value: 200,
      last_sale: 180,
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
    expect(explanation.rows[0]?.reading).toBe('last sale $180.00 is 10.00% below the value');
  });

  it('says a null trend adds nothing', () => {
    const explanation = explainScore({
      value: 100,
      last_sale: 100,
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
