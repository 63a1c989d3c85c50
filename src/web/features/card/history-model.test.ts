import { describe, expect, it } from 'vitest';
import { gradeLines, historyCsv, historyCsvName, historyRange, periodsOf, priceScale } from './history-model';

const point = (period_start: string, grade: string, median: number) => ({
  period_start,
  grade,
  median,
  low: median - 1,
  high: median + 1,
  min: median - 2,
  max: median + 2,
  sales: 3,
});

describe('history model', () => {
  it('reaches back from the as-of date by the preset, at most 1,096 days', () => {
    expect(historyRange('1Y', '2026-11-21')).toEqual({ from: '2025-11-22', to: '2026-11-21' });
    // 31 Mar - 3 months = 31 Dec; the window starts the day after.
    expect(historyRange('3M', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    // 2023-11-22 .. 2026-11-21: 365 * 3 + 1 (2024-02-29) = 1,096 days.
    expect(historyRange('3Y', '2026-11-21')).toEqual({ from: '2023-11-22', to: '2026-11-21' });
  });

  it('splits the series into one line per grade and lists its periods once', () => {
    const series = [
      point('2026-01-05', 'PSA 9', 10),
      point('2026-01-05', 'PSA 10', 30),
      point('2026-01-12', 'PSA 9', 12),
    ];
    expect(gradeLines(series).map((line) => [line.grade, line.points.length])).toEqual([
      ['PSA 10', 1],
      ['PSA 9', 2],
    ]);
    expect(periodsOf(series)).toEqual(['2026-01-05', '2026-01-12']);
  });

  it('writes a CSV row per point, quoting a title with a comma and guarding one that starts a formula', () => {
    expect(historyCsv('Card, #1', [point('2026-01-05', 'PSA 9', 10)])).toBe(
      'card,period_start,grade,median,low,high,min,max,sales\r\n"Card, #1",2026-01-05,PSA 9,10,9,11,8,12,3\r\n',
    );
    expect(historyCsv('=HYPERLINK("x")', [point('2026-01-05', 'PSA 9', 10)]).split('\r\n')[1]).toBe(
      '"\'=HYPERLINK(""x"")",2026-01-05,PSA 9,10,9,11,8,12,3',
    );
  });

  it('names the file by card, grade and range', () => {
    expect(historyCsvName('Charizard Base Set Holo', 'PSA 10', '2025-12-01', '2026-11-30')).toBe(
      'history-charizard-base-set-holo-psa-10-2025-12-01-to-2026-11-30.csv',
    );
    expect(historyCsvName('Charizard Base Set Holo', '', '2025-12-01', '2026-11-30')).toBe(
      'history-charizard-base-set-holo-all-grades-2025-12-01-to-2026-11-30.csv',
    );
  });

  it('maps prices to heights, on a log scale ten times the price is a constant step', () => {
    const { y } = priceScale(10, 1000, 100, true);
    expect(y(10) - y(100)).toBeCloseTo(y(100) - y(1000), 6);
    // A narrow log span still has round labels: 60 to 119, padded 5 % of its log span each side (58 to 123).
    expect(priceScale(60, 119, 100, true).ticks).toEqual([60, 80, 100, 120]);
    const linear = priceScale(0, 100, 100, false);
    expect(linear.y(0)).toBe(100);
    expect(linear.y(50)).toBeGreaterThan(linear.y(100));
  });
});
