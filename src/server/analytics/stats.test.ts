import { describe, expect, it } from 'vitest';
import { roundCents, roundPct, roundTo } from '../../contract/rounding';
import { liquidityScore } from './signals';
import { percentileOfSorted, percentilesInPlace, summarizeSorted, summarizeWholeRange } from './stats';

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

describe('percentiles by selection', () => {
  const orders: [string, (n: number) => number[]][] = [
    ['ascending', (n) => Array.from({ length: n }, (_, i) => i)],
    ['descending', (n) => Array.from({ length: n }, (_, i) => n - i)],
    ['all equal', (n) => Array.from({ length: n }, () => 7)],
    ['organ pipe', (n) => Array.from({ length: n }, (_, i) => Math.min(i, n - i))],
    ['two values', (n) => Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 1 : 2))],
    ['sawtooth', (n) => Array.from({ length: n }, (_, i) => (i * 7919) % 101)],
  ];
  for (const [name, make] of orders) {
    it(`equals percentileOfSorted on ${name} input of every size`, () => {
      for (const n of [1, 2, 3, 5, 24, 25, 26, 100, 1001, 20_000]) {
        const values = make(n);
        const sorted = [...values].sort((a, b) => a - b);
        const expected = [0.25, 0.5, 0.75].map((fraction) => percentileOfSorted(sorted, fraction));
        const array = Float64Array.from(values);
        expect(Array.from(percentilesInPlace(array, 0, n, [0.25, 0.5, 0.75]))).toEqual(expected);
        // Only reordered: the same values.
        expect(Array.from(array).sort((a, b) => a - b)).toEqual(sorted);
      }
    });
  }

  it('works inside a range and leaves the rest alone', () => {
    const long = Float64Array.from({ length: 102 }, (_, i) => (i === 0 ? 1e9 : i === 101 ? -1e9 : 101 - i));
    // 1..100 at 1..100: ranks 24.75, 49.5, 74.25.
    expect(Array.from(percentilesInPlace(long, 1, 101, [0.25, 0.5, 0.75]))).toEqual([25.75, 50.5, 75.25]);
    expect([long[0], long[101]]).toEqual([1e9, -1e9]);
    const values = Float64Array.of(100, 5, 3, 9, 1, -100);
    // 1 3 5 9: ranks 0.75, 1.5, 2.25.
    expect(Array.from(percentilesInPlace(values, 1, 5, [0.25, 0.5, 0.75]))).toEqual([2.5, 4, 6]);
    expect([values[0], values[5]]).toEqual([100, -100]);
  });

  it('summarises whole numbers as summarizeSorted does', () => {
    const values = Uint32Array.of(40, 10, 30, 20, 50);
    expect(summarizeWholeRange(values, 0, 5)).toEqual({
      n: 5,
      min: 10,
      max: 50,
      avg: 30,
      p25: 20,
      median: 30,
      p75: 40,
    });
  });
});
