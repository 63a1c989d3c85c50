import { describe, expect, it } from 'vitest';
import { columnScale, heightOf, niceTop } from './column-scale';

describe('column scale', () => {
  it('rounds the top up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([niceTop(0.8), niceTop(1), niceTop(1.2), niceTop(2.3), niceTop(4_100), niceTop(7_300)]).toEqual([
      1, 1, 2, 2.5, 5_000, 10_000,
    ]);
    expect(niceTop(0)).toBe(1);
  });

  it('ticks at 0, half and the top; heights in percent, none for null', () => {
    const scale = columnScale([1_200, null, 3_400]);
    expect(scale).toEqual({ top: 5_000, ticks: [0, 2_500, 5_000] });
    expect(heightOf(2_500, scale)).toBe(50);
    expect(heightOf(null, scale)).toBe(0);
  });
});
