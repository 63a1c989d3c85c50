import { describe, expect, it } from 'vitest';
import { logTicks } from './log-ticks';

describe('log axis ticks', () => {
  it('labels every decade shown, below 200 too', () => {
    // The compare chart on a log scale: 60 to 800 had no label below 200.
    expect(logTicks([60, 800])).toEqual([100, 200, 500]);
    expect(logTicks([3, 17_599])).toEqual([10, 100, 1000, 10_000]);
  });

  it('adds 2x and 5x inside a span of under three decades, and nothing for a non-positive domain', () => {
    expect(logTicks([1.5, 60])).toEqual([2, 5, 10, 20, 50]);
    expect(logTicks([0, 10])).toEqual([]);
  });

  it('has at least three ticks on a span too narrow for 1, 2 and 5: evenly spaced at a 1-2-5 step', () => {
    // $60 to $119 holds only 100 of 1-2-5; at a step of 20: 60, 80, 100 (50 would give one).
    expect(logTicks([60, 119])).toEqual([60, 80, 100]);
    // A rebased index near 100: 96 to 104, step 2 gives 96 to 104 (5 would give 100 alone).
    expect(logTicks([96, 104])).toEqual([96, 98, 100, 102, 104]);
    // 0.15 to 0.9: 0.2 and 0.5 only; step 0.2 gives four, with no binary noise.
    expect(logTicks([0.15, 0.9])).toEqual([0.2, 0.4, 0.6, 0.8]);
    expect(logTicks([1234, 1290])).toEqual([1240, 1260, 1280]);
    // A single value: nothing to space out.
    expect(logTicks([100, 100])).toEqual([100]);
  });
});
