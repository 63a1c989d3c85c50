import { describe, expect, it } from 'vitest';
import type { ChartRow } from './chart-row';
import { linearScale, linePath, logScale, niceTicks, valueExtent } from './line-scale';

const row = (t: number, ...values: (number | null)[]): ChartRow => ({ date: `d${t}`, t, values });

describe('line chart scales', () => {
  it('maps a linear domain onto pixels, top to bottom too', () => {
    const y = linearScale([0, 200], 300, 100);
    expect(y(0)).toBe(300);
    expect(y(50)).toBe(250);
    expect(y(200)).toBe(100);
    expect(linearScale([5, 5], 0, 10)(5)).toBe(5);
  });

  it('maps a log domain by decades', () => {
    const y = logScale([10, 1000], 200, 0);
    expect(y(10)).toBeCloseTo(200);
    expect(y(100)).toBeCloseTo(100);
    expect(y(1000)).toBeCloseTo(0);
  });

  it('finds the extent of every series, gaps skipped', () => {
    expect(valueExtent([row(1, 3, null), row(2, null, 9), row(3, -2, 4)])).toEqual([-2, 9]);
    expect(valueExtent([row(1, null)])).toBeNull();
  });
});

describe('nice ticks', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten and covers the extent', () => {
    // (1,234 - 96) / 4 = 284.5: the step is 500, from 0 to 1,500.
    expect(niceTicks([96, 1234])).toEqual({ domain: [0, 1500], ticks: [0, 500, 1000, 1500] });
    // (104.2 - 99.1) / 4 = 1.275: the step is 2, from 98 to 106.
    expect(niceTicks([99.1, 104.2]).ticks).toEqual([98, 100, 102, 104, 106]);
    // 0.9 / 4 = 0.225: the step is 0.25.
    expect(niceTicks([0.1, 1]).ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('gives a flat series room around its value', () => {
    expect(niceTicks([100, 100]).domain[0]).toBeLessThan(100);
    expect(niceTicks([100, 100]).domain[1]).toBeGreaterThan(100);
  });
});

describe('line paths', () => {
  const x = (t: number) => t * 10;
  const y = (v: number) => 100 - v;

  it('starts a new run after each gap', () => {
    const rows = [row(0, 10), row(1, 20), row(2, null), row(3, 40), row(4, 50)];
    expect(linePath(rows, 0, x, y)).toBe('M0,90L10,80M30,60L40,50');
  });

  it('draws the series of its index only, and nothing for a series without data', () => {
    const rows = [row(0, 1, null), row(1, 2, null)];
    expect(linePath(rows, 0, x, y)).toBe('M0,99L10,98');
    expect(linePath(rows, 1, x, y)).toBe('');
  });
});
