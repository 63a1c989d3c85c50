import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { leadGrade, SoldStatCards } from './sold-stat-cards';

afterEach(cleanup);

describe('SoldStatCards', () => {
  it('shows the six figures of the answer', () => {
    render(
      <SoldStatCards
        data={{
          avg: 1520.456,
          median: 1400,
          min: 99.5,
          max: 12000,
          sales: 1234,
          window_days: 90,
          by_grade: [],
        }}
      />,
    );
    const text = (id: string) => screen.getByTestId(id).textContent;
    expect(text('sold-avg')).toBe('$1,520.46');
    expect(text('sold-median')).toBe('$1,400.00');
    expect(text('sold-min')).toBe('$99.50');
    expect(text('sold-max')).toBe('$12,000.00');
    expect(text('sold-sales')).toBe('1,234');
    expect(text('sold-window')).toBe('90 days');
    expect(screen.getByText('Median').tagName).toBe('DT');
  });

  it('leads a mixed answer with its most traded grade, one figure of one grade', () => {
    const by_grade = [
      { grade: 'PSA 10', avg: 300_000, median: 290_000, sales: 2 },
      { grade: 'PSA 8', avg: 9_000, median: 8_800, sales: 6 },
      { grade: 'PSA 9', avg: 25_000, median: 24_000, sales: 6 },
    ];
    // PSA 8 and PSA 9 sold 6 times each: the higher median leads.
    expect(leadGrade({ by_grade })?.grade).toBe('PSA 9');
    expect(leadGrade({ by_grade: by_grade.slice(0, 1) })).toBeNull();
    render(
      <SoldStatCards
        data={{ avg: 75_525, median: 24_000, min: 8_000, max: 300_000, sales: 14, window_days: 30, by_grade }}
      />,
    );
    expect(screen.getByTestId('sold-lead').textContent).toBe(
      'Most traded grade, PSA 9: median $24,000.00 over 6 sales. The figures below mix all 3 grades.',
    );
  });
});
