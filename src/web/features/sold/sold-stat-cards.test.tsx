import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SoldStatCards } from './sold-stat-cards';

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
});
