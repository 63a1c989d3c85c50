import { describe, expect, it } from 'vitest';
import type { ChartRow } from './chart-row';
import { logSafeRows, rebaseRows, yDomain } from './index-transform';

const rows = (...values: (number | null)[][]): ChartRow[] =>
  values.map((row, index) => ({ date: `2026-06-0${index + 1}`, t: index, values: row }));

describe('rebasing to 100', () => {
  it('divides each series by its value on the first day of the range', () => {
    const { rows: rebased, bases } = rebaseRows(rows([200, 50], [210, 40], [300, 75]), 2);
    expect(rebased.map((row) => row.values)).toEqual([
      [100, 100],
      [105, 80],
      [150, 150],
    ]);
    expect(bases).toEqual([
      { date: '2026-06-01', value: 200 },
      { date: '2026-06-01', value: 50 },
    ]);
  });

  it('rebases a late series on its first day with data, keeping its gaps', () => {
    const { rows: rebased, bases } = rebaseRows(rows([null], [30], [null], [45]), 1);
    expect(rebased.map((row) => row.values[0])).toEqual([null, 100, null, 150]);
    expect(bases[0]).toEqual({ date: '2026-06-02', value: 30 });
  });

  it('cannot rebase on 0 and leaves that series empty', () => {
    const { rows: rebased, bases } = rebaseRows(rows([0, 10], [5, 20]), 2);
    expect(rebased.map((row) => row.values)).toEqual([
      [null, 100],
      [null, 200],
    ]);
    expect(bases[0]).toEqual({ date: '2026-06-01', value: 0 });
  });

  it('rounds to 2 decimals, so the drawn value is the shown one', () => {
    const { rows: rebased } = rebaseRows(rows([3], [1]), 1);
    expect(rebased[1]!.values[0]).toBe(33.33);
  });
});

describe('log scale', () => {
  it('turns zeros and negatives into counted gaps', () => {
    const { rows: safe, hidden } = logSafeRows(rows([0, 5], [-1, null], [2, 3]));
    expect(safe.map((row) => row.values)).toEqual([
      [null, 5],
      [null, null],
      [2, 3],
    ]);
    expect(hidden).toBe(2);
  });

  it('gives a log axis a positive padded domain, and leaves a linear one to recharts', () => {
    const [low, high] = yDomain(rows([10, null], [100, 0]), 'log') as [number, number];
    expect(low).toBeCloseTo(10 / 1.1);
    expect(high).toBeCloseTo(110);
    expect(yDomain(rows([10]), 'linear')).toEqual(['auto', 'auto']);
  });
});
