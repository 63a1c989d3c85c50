import { describe, expect, it } from 'vitest';
import { chartSelection } from './chart-selection';

const rows = [
  { category: 'pokemon', total_value: 164_425.27 },
  { category: 'magic', total_value: 300_000 },
  { category: 'golf', total_value: 10 },
  { category: 'baseball', total_value: 200_000 },
];

describe('chartSelection', () => {
  it('names the chosen category, its total value and its rank among the bars', () => {
    expect(chartSelection(rows, 'pokemon')).toBe('pokemon: $164,425.27, 3rd of 4 by total listed value');
    expect(chartSelection(rows, 'magic')).toBe('magic: $300,000.00, 1st of 4 by total listed value');
    expect(chartSelection(rows, 'baseball')).toMatch(/, 2nd of 4 /);
    expect(chartSelection(rows, 'golf')).toMatch(/, 4th of 4 /);
  });

  it('writes English ordinals past the first ten (11th-13th, 21st-23rd, 111th)', () => {
    const many = Array.from({ length: 112 }, (_, i) => ({ category: `c${i + 1}`, total_value: 1000 - i }));
    const rank = (n: number) => chartSelection(many, `c${n}`)?.match(/, (\w+) of 112 /)?.[1];
    expect([11, 12, 13, 21, 22, 23, 101, 111, 112].map(rank)).toEqual([
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
    ]);
  });

  it('says nothing without a choice or for a category without a row', () => {
    expect(chartSelection(rows, null)).toBeNull();
    expect(chartSelection(rows, 'hockey')).toBeNull();
  });
});
