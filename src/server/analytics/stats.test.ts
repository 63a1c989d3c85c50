import { describe, expect, it } from 'vitest';
import { liquidityScore } from './signals';
import { percentileOfSorted, roundCents, roundPct, roundTo, summarizeSorted } from './stats';

describe('percentiles (linear interpolation between closest ranks, numpy default)', () => {
  it('interpolates at rank (n - 1) * p', () => {
    const sorted = [10, 20, 30, 40];
    // ranks 0.75, 1.5, 2.25
    expect(percentileOfSorted(sorted, 0.25)).toBe(17.5);
    expect(percentileOfSorted(sorted, 0.5)).toBe(25);
    expect(percentileOfSorted(sorted, 0.75)).toBe(32.5);
    expect(percentileOfSorted([7], 0.25)).toBe(7);
    expect(percentileOfSorted([1, 2, 3, 4, 5], 0.5)).toBe(3);
  });

  it('summarises a sorted sample', () => {
    const sample = [5, 1, 4, 2, 3];
    expect(summarizeSorted(Float64Array.from(sample).sort())).toEqual({
      n: 5,
      min: 1,
      max: 5,
      avg: 3,
      p25: 2,
      median: 3,
      p75: 4,
    });
    expect(sample).toEqual([5, 1, 4, 2, 3]);
  });
});

describe('rounding', () => {
  it('rounds half away from zero on the decimal value, never to -0', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(2.675)).toBe(2.68);
    expect(roundCents(-1.005)).toBe(-1.01);
    expect(roundCents(16.666666)).toBe(16.67);
    expect(roundPct(-0.001)).toBe(0);
    expect(Object.is(roundPct(-0.001), -0)).toBe(false);
    expect(roundTo(1234.5, 0)).toBe(1235);
  });
});

describe('liquidity', () => {
  it('is round(100 * min(1, log10(1 + sales_90d) / log10(271)))', () => {
    expect(liquidityScore(0)).toBe(0);
    expect(liquidityScore(1)).toBe(12); // 0.30103 / 2.43297
    expect(liquidityScore(9)).toBe(41); // 1 / 2.43297
    expect(liquidityScore(270)).toBe(100);
    expect(liquidityScore(5000)).toBe(100);
  });
});
