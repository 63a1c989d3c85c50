import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BuyScoreInputs, buyScoreBreakdown, verdictFor } from './buy-score';

const neutral: BuyScoreInputs = { discountPct: 0, trendPct: 0, liquidity: 50, confidence: 50 };

describe('buy score', () => {
  it('starts at 50 and adds each capped contribution', () => {
    expect(buyScoreBreakdown(neutral)).toEqual({
      score: 50,
      verdict: 'Hold',
      base: 50,
      contributions: { discount: 0, trend: 0, liquidity: 0, confidence: 0 },
    });
    const best = buyScoreBreakdown({ discountPct: 80, trendPct: 90, liquidity: 100, confidence: 100 });
    expect(best.contributions).toEqual({ discount: 30, trend: 15, liquidity: 10, confidence: 10 });
    expect(best.score).toBe(100);
    const worst = buyScoreBreakdown({ discountPct: -200, trendPct: -90, liquidity: 0, confidence: 0 });
    expect(worst.contributions).toEqual({ discount: -30, trend: -15, liquidity: -10, confidence: -10 });
    expect(worst.score).toBe(0);
    // a null trend adds nothing
    expect(buyScoreBreakdown({ ...neutral, trendPct: null }).contributions.trend).toBe(0);
  });

  it('puts each verdict boundary where decisions.md says', () => {
    const scoreAt = (discountPct: number) => buyScoreBreakdown({ ...neutral, discountPct });
    expect([scoreAt(25).score, scoreAt(25).verdict]).toEqual([75, 'Strong Buy']);
    expect([scoreAt(24).score, scoreAt(24).verdict]).toEqual([74, 'Accumulate']);
    expect([scoreAt(5).score, scoreAt(5).verdict]).toEqual([55, 'Accumulate']);
    expect([scoreAt(4).score, scoreAt(4).verdict]).toEqual([54, 'Hold']);
    expect([scoreAt(-15).score, scoreAt(-15).verdict]).toEqual([35, 'Hold']);
    expect([scoreAt(-16).score, scoreAt(-16).verdict]).toEqual([34, 'Reduce']);
    // the sum is rounded once, half up
    expect(scoreAt(24.5).score).toBe(75);
    expect(scoreAt(24.49).score).toBe(74);
    expect([verdictFor(100), verdictFor(0)]).toEqual(['Strong Buy', 'Reduce']);
  });

  it('never falls when any one input rises (monotone)', () => {
    const inputs = fc.record({
      discountPct: fc.double({ min: -150, max: 150, noNaN: true }),
      trendPct: fc.option(fc.double({ min: -100, max: 300, noNaN: true }), { nil: null }),
      liquidity: fc.integer({ min: 0, max: 100 }),
      confidence: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(inputs, fc.double({ min: 0, max: 100, noNaN: true }), (base, step) => {
        const score = buyScoreBreakdown(base).score;
        expect(
          buyScoreBreakdown({ ...base, discountPct: base.discountPct + step }).score,
        ).toBeGreaterThanOrEqual(score);
        expect(
          buyScoreBreakdown({ ...base, trendPct: (base.trendPct ?? 0) + step }).score,
        ).toBeGreaterThanOrEqual(buyScoreBreakdown({ ...base, trendPct: base.trendPct ?? 0 }).score);
        expect(
          buyScoreBreakdown({ ...base, liquidity: Math.min(100, base.liquidity + Math.round(step)) }).score,
        ).toBeGreaterThanOrEqual(score);
        expect(
          buyScoreBreakdown({ ...base, confidence: Math.min(100, base.confidence + Math.round(step)) }).score,
        ).toBeGreaterThanOrEqual(score);
      }),
    );
  });
});
