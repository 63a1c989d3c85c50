import { describe, expect, it } from 'vitest';
import { ComputeBudget } from './compute-budget';

const limit = { perSecond: 200, burst: 2_000 };
const limits = { free: limit, pro: limit, business: limit };

describe('ComputeBudget', () => {
  it('charges overlapping requests of one key once: the time the server had one in hand', () => {
    const budget = new ComputeBudget(limits);
    // 32 requests all in hand from t=0 to t=100 ms: 100 ms, not 3,200
    for (let i = 0; i < 32; i++) budget.charge('k', 'free', 0, 100, 0);
    // then one from 50 to 250: only 150 ms are new
    budget.charge('k', 'free', 50, 250, 0);
    // 2,000 - 250 = 1,750 left; 7 more seconds of 250 ms each take it to 0
    for (let s = 1; s <= 7; s++) budget.charge('k', 'free', 1000 * s, 1000 * s + 250, 0);
    expect(budget.wait('k', 0)).toBe(5); // (1 - 0) ms at 200 ms a second
    // half a second later 100 ms have grown back
    expect(budget.wait('k', 500)).toBe(0);
    expect(budget.wait('another key', 0)).toBe(0);
  });
});
