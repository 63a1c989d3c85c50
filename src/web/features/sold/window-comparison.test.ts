import { describe, expect, it } from 'vitest';
import { COMPARISON_WINDOWS, comparisonCost, comparisonPoints, costText } from './window-comparison';

const sold = (median: number, sales: number) => ({
  avg: median,
  median,
  min: median,
  max: median,
  sales,
  window_days: 0,
  by_grade: [],
});

describe('window comparison', () => {
  it('asks for 7, 30, 90, 180 and 365 days', () => {
    expect(COMPARISON_WINDOWS).toEqual([7, 30, 90, 180, 365]);
  });

  it('costs one call per window the cache cannot answer', () => {
    expect(comparisonCost(() => false)).toEqual({ calls: 5, cached: [] });
    expect(comparisonCost((days) => days === 30 || days === 90)).toEqual({ calls: 3, cached: [30, 90] });
    expect(comparisonCost(() => true).calls).toBe(0);
  });

  it('words the cost', () => {
    expect(costText(5)).toBe('5 API calls');
    expect(costText(1)).toBe('1 API call');
    expect(costText(0)).toBe('no API call: every window is already cached');
  });

  it('keeps answered windows in order, a window without sales as zero sales', () => {
    const points = comparisonPoints([
      { days: 90, data: sold(300, 40), noSales: false },
      { days: 7, data: undefined, noSales: true },
      { days: 30, data: sold(310, 12), noSales: false },
      { days: 180, data: undefined, noSales: false },
    ]);
    expect(points).toEqual([
      { days: 7, median: null, sales: 0 },
      { days: 30, median: 310, sales: 12 },
      { days: 90, median: 300, sales: 40 },
    ]);
  });
});
