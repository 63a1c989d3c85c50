import { describe, expect, it } from 'vitest';
import { dayTickLabels, dayTicks } from './day-ticks';

describe('dayTicks', () => {
  it('spaces ticks by the smallest step whose labels fit the width', () => {
    expect(dayTicks(100, 110, 1000)).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);
    expect(dayTicks(0, 170, 900)).toEqual([0, 30, 60, 90, 120, 150]);
    expect(dayTicks(0, 170, 300)).toEqual([0, 61, 122]);
  });

  it('never crowds more ticks than fit, and copes with one day', () => {
    const ticks = dayTicks(0, 5_000, 400);
    expect(ticks.length).toBeLessThanOrEqual(Math.floor(400 / 84) + 1);
    expect(dayTicks(7, 7, 500)).toEqual([7]);
  });
});

describe('dayTickLabels', () => {
  it('puts the day first, and the year on the first tick and on the first of each new year', () => {
    const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
    expect(dayTickLabels(['2025-11-24', '2025-12-24', '2026-01-24', '2026-02-24'].map(day))).toEqual([
      '24 Nov 2025',
      '24 Dec',
      '24 Jan 2026',
      '24 Feb',
    ]);
    expect(dayTickLabels([])).toEqual([]);
  });
});
