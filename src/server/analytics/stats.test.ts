import { describe, expect, it } from 'vitest';
import { confidenceScore, liquidityScore, trendPct } from './signals';
import { percentileOfSorted, roundCents, roundPct, roundTo, summarize } from './stats';

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

  it('summarises an unsorted sample without changing it', () => {
    const sample = [5, 1, 4, 2, 3];
    expect(summarize(sample)).toEqual({ n: 5, min: 1, max: 5, avg: 3, p25: 2, median: 3, p75: 4 });
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

describe('confidence', () => {
  it('is round(100 * (1 - min(1, 2 * cqd)) * min(1, sqrt(n / 30)))', () => {
    // cqd = 0: full confidence once n >= 30
    expect(confidenceScore(100, 100, 30)).toBe(100);
    expect(confidenceScore(100, 100, 120)).toBe(100);
    // cqd = 0, n = 12: sqrt(0.4) = 0.6325 -> 63
    expect(confidenceScore(50, 50, 12)).toBe(63);
    // cqd = (110 - 90) / 200 = 0.1 -> 0.8 at n = 30
    expect(confidenceScore(90, 110, 30)).toBe(80);
    // cqd >= 0.5 -> 0
    expect(confidenceScore(10, 30, 100)).toBe(0);
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

describe('trend_30d', () => {
  it('compares medians of the two windows, null under 3 sales in either', () => {
    expect(trendPct([110, 120, 130], [90, 100, 110])).toBe(20);
    expect(trendPct([80, 90, 100, 110], [100, 100, 100])).toBeCloseTo(-5, 10);
    expect(trendPct([1, 2], [1, 2, 3])).toBeNull();
    expect(trendPct([1, 2, 3], [])).toBeNull();
  });
});
