import { describe, expect, it } from 'vitest';
import { monthPlan, refreshCost } from './refresh-cost';

describe('refreshCost', () => {
  const now = Date.parse('2026-11-27T15:00:00Z');
  const today = Date.parse('2026-11-27T01:00:00Z');
  const yesterday = Date.parse('2026-11-26T23:00:00Z');

  it('counts a plain question as a call and a revalidated one as a call only when from before today', () => {
    const cost = refreshCost(
      [
        { updatedAt: today, revalidates: true },
        { updatedAt: today, revalidates: true },
        { updatedAt: yesterday, revalidates: true },
        { updatedAt: today, revalidates: false },
        { updatedAt: 0, revalidates: false },
      ],
      now,
    );
    expect(cost).toEqual({ questions: 5, plain: 2, revalidated: 3, likely: 3 });
  });
});

describe('monthPlan', () => {
  it('fits the free month with 33 cards refreshed daily (990 calls)', () => {
    expect(monthPlan(33, 1000)).toEqual({ daily: 990, fits: true, everyDays: 1 });
  });

  it('says how often 50 cards fit 1,000 calls: every 2 days is 15 refreshes, 750 calls', () => {
    expect(monthPlan(50, 1000)).toEqual({ daily: 1500, fits: false, everyDays: 2 });
  });

  it('needs 3 days for 70 cards (every 2 days: 1,050; every 3: 700)', () => {
    expect(monthPlan(70, 1000).everyDays).toBe(3);
  });

  it('finds no interval when one refresh is over the quota', () => {
    expect(monthPlan(1001, 1000)).toEqual({ daily: 30030, fits: false, everyDays: null });
  });
});
