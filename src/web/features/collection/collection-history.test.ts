import { describe, expect, it } from 'vitest';
import type { HistoryPoint } from '../../../contract/resources';
import {
  addDays,
  collectionWeeks,
  levelOf,
  mondaysBetween,
  subtractMonths,
  toDayNumber,
} from './collection-history';

const point = (
  period_start: string,
  grade: string,
  median: number,
  low: number,
  high: number,
): HistoryPoint => ({
  period_start,
  grade,
  median,
  low,
  high,
  min: low,
  max: high,
  sales: 1,
});

describe('mondaysBetween', () => {
  it('starts on the Monday of the first day and ends with the week of the last', () => {
    // 2026-11-04 is a Wednesday; 2026-11-23 a Monday.
    expect(mondaysBetween('2026-11-04', '2026-11-23')).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
  });
});

describe('levelOf', () => {
  const points = [
    { date: '2026-11-06', index: 100 },
    { date: '2026-11-10', index: 104 },
    { date: '2026-11-17', index: 110 },
  ];
  it("takes the index point nearest the week's Sunday, the earlier on a tie, and holds its ends", () => {
    // The week of Monday 2026-11-02 ends on Sunday 11-08: 2 days from 11-06 and from 11-10.
    expect(levelOf(points, '2026-11-02')).toBe(100);
    // Sunday 11-15: 2 days from 11-17, 5 from 11-10.
    expect(levelOf(points, '2026-11-09')).toBe(110);
    expect(levelOf(points, '2026-10-05')).toBe(100);
    expect(levelOf(points, '2026-12-28')).toBe(110);
    expect(levelOf(undefined, '2026-11-02')).toBe(1);
  });
});

describe('collectionWeeks', () => {
  const weeks = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30'];
  // The Mantle's label fell from 100 to 80, then rose to 88 (week ends: the Sundays).
  const fallingLabel = [
    { date: '2026-11-08', index: 100 },
    { date: '2026-11-15', index: 90 },
    { date: '2026-11-22', index: 80 },
    { date: '2026-11-29', index: 80 },
    { date: '2026-12-06', index: 88 },
  ];
  const histories = new Map([
    // First sold in the range in its third week, at 100.
    ['Mantle #311', [point('2026-11-16', 'PSA 6', 100, 100, 100), point('2026-11-02', 'PSA 5', 40, 40, 40)]],
    ['Jordan #57', [point('2026-11-02', 'PSA 8', 50, 45, 55), point('2026-11-23', 'PSA 8', 60, 58, 62)]],
  ]);
  const indexes = new Map([
    ['Mantle #311', fallingLabel],
    ['Black Lotus', fallingLabel],
  ]);
  const lines = [
    { title: 'Mantle #311', grade: 'PSA 6', quantity: 2, worth: 220 },
    { title: 'Jordan #57', grade: 'PSA 8', quantity: 1, worth: 58 },
    // Valued (a sale before the range) but sold in no week of it.
    { title: 'Black Lotus', grade: 'PSA 8', quantity: 1, worth: 40 },
  ];
  const moved = collectionWeeks(lines, histories, indexes, weeks);

  it('values a card before its first sale along its label index, so that sale is no gain', () => {
    // 2 x 100 x (100, 90) / 80 before, 2 x 100 in its week, 2 x 100 x 80 / 80 after, then its worth.
    expect(moved.lines[0]?.values).toEqual([250, 225, 200, 200, 220]);
  });

  it('carries the nearest sold week (the earlier on a tie), flat without an index', () => {
    // Week 2 is 1 from week 1 (50) and 2 from week 4 (60); week 3 the reverse.
    expect(moved.lines[1]?.values).toEqual([50, 50, 60, 60, 58]);
  });

  it('carries the worth of a line that sold in no week back along its index', () => {
    // 40 x (100, 90, 80, 80) / 88.
    expect(moved.lines[2]?.values).toEqual([45.45, 40.91, 36.36, 36.36, 40]);
  });

  it('sums every line every week and ends on the headline total', () => {
    expect(moved.weeks).toEqual([
      { period_start: '2026-11-02', value: 345.45 },
      { period_start: '2026-11-09', value: 315.91 },
      { period_start: '2026-11-16', value: 296.36 },
      { period_start: '2026-11-23', value: 296.36 },
      { period_start: '2026-11-30', value: 318 },
    ]);
  });

  it('never moves a week by more than the largest move of one line that week', () => {
    const change = (values: readonly number[], i: number) =>
      Math.abs((values[i] as number) / (values[i - 1] as number) - 1);
    const totals = moved.weeks.map((week) => week.value);
    for (let i = 1; i < weeks.length; i += 1) {
      const largest = Math.max(...moved.lines.map(({ values }) => change(values, i)));
      expect(change(totals, i)).toBeLessThanOrEqual(largest);
    }
  });
});

describe('range dates', () => {
  it('subtracts calendar months, clamping the day, and adds days', () => {
    expect(subtractMonths('2026-05-31', 3)).toBe('2026-02-28');
    expect(subtractMonths('2026-11-27', 12)).toBe('2025-11-27');
    expect(addDays('2026-11-27', -364)).toBe('2025-11-28');
    expect(toDayNumber('1970-01-11')).toBe(10);
  });
});
