import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ValueHeadline } from './value-headline';

afterEach(cleanup);

describe('ValueHeadline', () => {
  it('shows the value, its range, whiskers, sample size and confidence', () => {
    render(
      <ValueHeadline
        data={{
          value: 410,
          low: 380.25,
          high: 455,
          min: 300,
          max: 620,
          avg: 421.1,
          sample_size: 37,
          confidence: 71,
          grade: 'PSA 9',
        }}
      />,
    );
    const text = (id: string) => screen.getByTestId(id).textContent;
    expect(text('value-value')).toBe('$410.00');
    expect(text('value-low')).toBe('$380.25');
    expect(text('value-high')).toBe('$455.00');
    expect(text('value-min')).toBe('$300.00');
    expect(text('value-max')).toBe('$620.00');
    expect(text('value-avg')).toBe('$421.10');
    expect(text('value-sample-size')).toBe('37');
    expect(text('value-confidence')).toBe('71');
    expect(
      screen.getByText(/^how tightly sales sit around their own card and grade's median/).textContent,
    ).toBe(
      "how tightly sales sit around their own card and grade's median; fewer than 5 sales in 90 days lower it",
    );
    const bar = screen.getByRole('img');
    expect(bar.getAttribute('aria-label')).toBe(
      'Price range: lowest $300.00, 25th percentile $380.25, median $410.00, 75th percentile $455.00, highest $620.00',
    );
    expect(bar.querySelector<HTMLElement>('.range-bar__box')?.style.left).toBe(`${(80.25 / 320) * 100}%`);
  });

  it('says "1 sale" for a sample of one', () => {
    render(
      <ValueHeadline
        data={{
          value: 5,
          low: 5,
          high: 5,
          min: 5,
          max: 5,
          avg: 5,
          sample_size: 1,
          confidence: 10,
          grade: 'PSA 9',
        }}
      />,
    );
    expect(screen.getByTestId('value-sample-size').parentElement?.textContent).toBe('1 sale');
  });
});

describe('ValueHeadline with the next sale', () => {
  const sold = {
    value: 14590,
    low: 13800,
    high: 15500,
    min: 12160,
    max: 16000,
    avg: 14480.5,
    sample_size: 11,
    confidence: 0,
    grade: 'PSA 10',
    window_days: 365,
  };

  it('heads with the estimate and its 80 % range; the median and middle half follow as what sold', () => {
    render(
      <ValueHeadline
        data={{
          ...sold,
          next_sale: { estimate: 12480.25, low: 11100, high: 13900.5, level: 80, sales_used: 11 },
        }}
      />,
    );
    expect(screen.getByTestId('value-value')).toHaveTextContent('$12,480.25');
    expect(screen.getByTestId('next-sale-range')).toHaveTextContent(
      /^Likely next sale: 80 % of the time between \$11,100\.00 and \$13,900\.50/,
    );
    expect(screen.getByRole('heading', { name: 'What sold in the last 365 days' })).toBeInTheDocument();
    expect(screen.getByText('Median').nextSibling).toHaveTextContent('$14,590.00');
    expect(screen.getByTestId('value-median')).toHaveTextContent('$14,590.00');
    expect(screen.getByTestId('value-low')).toHaveTextContent('$13,800.00');
    expect(screen.getByTestId('value-sample-size')).toHaveTextContent('11');
  });

  it('says why instead of a number when there is no estimate', () => {
    render(<ValueHeadline data={{ ...sold, sample_size: 2, next_sale: null }} />);
    expect(screen.queryByTestId('value-value')).toBeNull();
    expect(screen.getByTestId('next-sale-none')).toHaveTextContent(
      'Value (PSA 10): no estimate of the next sale, only 2 sales of this card in PSA 10 in 365 days, fewer than the 3 an estimate needs.',
    );
    expect(screen.getByTestId('value-median')).toHaveTextContent('$14,590.00');
    cleanup();
    render(<ValueHeadline data={{ ...sold, grade: null, window_days: 90, next_sale: null }} />);
    expect(screen.getByTestId('next-sale-none')).toHaveTextContent(
      'Value: no estimate of the next sale, a mix of grades: each grade sells at its own price, pick one.',
    );
    expect(screen.getByRole('heading', { name: 'What sold in the last 90 days' })).toBeInTheDocument();
  });
});
