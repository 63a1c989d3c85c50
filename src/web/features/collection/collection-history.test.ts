import { describe, expect, it } from 'vitest';
import type { HistoryPoint } from '../../../contract/resources';
import type { CollectionItem } from '../../lib/collection/collection-item';
import { addDays, collectionWeeks, mondaysBetween, subtractMonths, toDayNumber } from './collection-history';

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

const item = (title: string, grade: string, quantity: number): CollectionItem => ({
  id: title + grade,
  title,
  grade,
  quantity,
  cost: null,
  acquired: null,
  note: '',
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

describe('collectionWeeks', () => {
  it('sums each grade median times quantity, carrying a price over weeks without a sale', () => {
    const weeks = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'];
    const histories = new Map([
      [
        'Charizard',
        [
          point('2026-11-02', 'PSA 10', 100, 90, 110),
          point('2026-11-02', 'PSA 9', 40, 35, 45),
          point('2026-11-16', 'PSA 10', 120, 100, 130),
        ],
      ],
      ['Mew', [point('2026-11-09', 'Raw', 5, 4, 6)]],
    ]);
    const result = collectionWeeks(
      [item('Charizard', 'PSA 10', 2), item('Charizard', 'PSA 9', 1), item('Mew', 'Raw', 3)],
      histories,
      weeks,
    );
    expect(result).toEqual([
      // week 1: 2 x 100 + 40; Mew has no sale yet
      { period_start: '2026-11-02', value: 240, low: 215, high: 265, copies: 3 },
      // week 2: carried 200 + 40, Mew 3 x 5
      { period_start: '2026-11-09', value: 255, low: 227, high: 283, copies: 6 },
      // week 3: 2 x 120 + 40 + 15
      { period_start: '2026-11-16', value: 295, low: 247, high: 323, copies: 6 },
      { period_start: '2026-11-23', value: 295, low: 247, high: 323, copies: 6 },
    ]);
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
