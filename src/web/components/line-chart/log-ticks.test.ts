import { describe, expect, it } from 'vitest';
import { logTicks } from './log-ticks';

describe('log axis ticks', () => {
  it('labels every decade shown, below 200 too', () => {
    // The compare chart on a log scale: 60 to 800 had no label below 200.
    expect(logTicks([60, 800])).toEqual([100, 200, 500]);
    expect(logTicks([3, 17_599])).toEqual([10, 100, 1000, 10_000]);
  });

  it('adds 2x and 5x inside a narrow span, and nothing for a non-positive domain', () => {
    expect(logTicks([0.15, 0.9])).toEqual([0.2, 0.5]);
    expect(logTicks([0, 10])).toEqual([]);
  });
});
