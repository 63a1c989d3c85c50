import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AllMatchingSales, blendPhrase } from './all-matching-sales';

afterEach(cleanup);

const rung = (grade: string, value: number, sample_size: number) => ({
  grade,
  value,
  low: value,
  high: value,
  min: value,
  max: value,
  sample_size,
});
const blend = {
  value: 30.74,
  low: 12,
  high: 410.5,
  min: 4,
  max: 2985,
  avg: 180.2,
  sample_size: 57,
  by_grade: [rung('PSA 1', 2985, 1), rung('PSA 10', 331, 3), rung('Raw', 20, 53)],
};

describe('all matching sales of a search of several cards', () => {
  it('names what the figures blend', () => {
    const span = { kind: 'several', cards: 12, more: false } as const;
    expect(blendPhrase(span, blend.by_grade, undefined)).toBe('12 cards and 3 grades');
    expect(blendPhrase({ ...span, more: true }, blend.by_grade, 'PSA 10')).toBe('12 or more cards in PSA 10');
  });

  it('shows no value and no confidence; the median and the ladder sit folded under "All matching sales"', () => {
    render(
      <MemoryRouter>
        <AllMatchingSales
          data={blend}
          span={{ kind: 'several', cards: 12, more: false }}
          params={{ q: 'michael jordan fleer' }}
          note="From 57 sales over the last 90 days."
        />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('value-value')).toBeNull();
    expect(screen.queryByTestId('value-confidence')).toBeNull();
    expect(screen.getByTestId('value-blend')).toHaveTextContent(
      'This search matches 12 cards with sales, and a value is the price of one card in one grade: pick a card above for its value, its confidence and its buy score.',
    );
    const details = screen.getByTestId('all-matching-sales');
    expect(details).not.toHaveAttribute('open');
    expect(details.querySelector('summary')).toHaveTextContent(
      'All matching sales: 12 cards and 3 grades blended',
    );
    expect(screen.getByText('Median of all matching sales').nextSibling).toHaveTextContent('$30.74');
    expect(screen.getByTestId('value-low')).toHaveTextContent('$12.00');
    expect(screen.getByTestId('value-high')).toHaveTextContent('$410.50');
    expect(screen.getByRole('heading', { name: 'Grade ladder of all matching sales' })).toBeInTheDocument();
    expect(screen.getAllByTestId('ladder-row')).toHaveLength(3);
  });
});
