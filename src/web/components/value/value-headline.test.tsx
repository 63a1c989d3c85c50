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
