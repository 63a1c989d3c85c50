import { describe, expect, it } from 'vitest';
import { domainOf, percentOf, priceAt, rangePositions, sharedDomain } from './range-scale';

describe('range scale', () => {
  it('spans every range from the lowest min to the highest max', () => {
    expect(
      sharedDomain([
        { min: 50, max: 90 },
        { min: 20, max: 60 },
        { min: 70, max: 300 },
      ]),
    ).toEqual({
      from: 20,
      to: 300,
      scale: 'linear',
    });
  });

  it('switches to a log scale when prices span 20 times or more', () => {
    expect(domainOf(100, 1999).scale).toBe('linear');
    expect(domainOf(100, 2000).scale).toBe('log');
    expect(domainOf(0, 5000).scale).toBe('linear');
  });

  it('places prices in percent of a linear domain, clamped, and centred on an empty domain', () => {
    const domain = domainOf(100, 200);
    expect(percentOf(150, domain)).toBe(50);
    expect(percentOf(50, domain)).toBe(0);
    expect(percentOf(500, domain)).toBe(100);
    expect(percentOf(100, domainOf(100, 100))).toBe(50);
  });

  it('places prices by their logarithm on a log domain', () => {
    const domain = domainOf(10, 10_000);
    expect(percentOf(10, domain)).toBe(0);
    expect(percentOf(100, domain)).toBeCloseTo(100 / 3);
    expect(percentOf(1000, domain)).toBeCloseTo(200 / 3);
    expect(percentOf(10_000, domain)).toBe(100);
  });

  it('gives the whisker, box and median positions of a range', () => {
    expect(
      rangePositions({ min: 100, low: 150, value: 175, high: 250, max: 300 }, domainOf(100, 300)),
    ).toEqual({
      whiskerStart: 0,
      whiskerWidth: 100,
      boxStart: 25,
      boxWidth: 50,
      median: 37.5,
    });
  });
});

describe('priceAt', () => {
  it('inverts percentOf on both scales', () => {
    expect(priceAt(50, domainOf(100, 300))).toBe(200);
    expect(priceAt(50, domainOf(10, 1000))).toBeCloseTo(100);
    for (const price of [12, 340, 999])
      expect(priceAt(percentOf(price, domainOf(10, 1000)), domainOf(10, 1000))).toBeCloseTo(price);
  });
});
