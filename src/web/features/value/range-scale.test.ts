import { describe, expect, it } from 'vitest';
import { percentOf, rangePositions, sharedDomain } from './range-scale';

describe('range scale', () => {
  it('spans every range from the lowest min to the highest max', () => {
    expect(
      sharedDomain([
        { min: 50, max: 90 },
        { min: 20, max: 60 },
        { min: 70, max: 400 },
      ]),
    ).toEqual({ from: 20, to: 400 });
  });

  it('places prices in percent of the domain, clamped, and centred on an empty domain', () => {
    expect(percentOf(150, { from: 100, to: 200 })).toBe(50);
    expect(percentOf(50, { from: 100, to: 200 })).toBe(0);
    expect(percentOf(500, { from: 100, to: 200 })).toBe(100);
    expect(percentOf(100, { from: 100, to: 100 })).toBe(50);
  });

  it('gives the whisker, box and median positions of a range', () => {
    expect(
      rangePositions({ min: 100, low: 150, value: 175, high: 250, max: 300 }, { from: 100, to: 300 }),
    ).toEqual({
      whiskerStart: 0,
      whiskerWidth: 100,
      boxStart: 25,
      boxWidth: 50,
      median: 37.5,
    });
  });
});
