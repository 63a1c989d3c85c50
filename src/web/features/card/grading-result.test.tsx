import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GradingData } from '../../../contract/resources';
import { GradingResult } from './grading-result';

afterEach(cleanup);

/** Fee $25, selling 13.25 % + $0.30: a price p nets p x 0.8675 - 25.30. */
const answer: GradingData = {
  query: '"1999 Pokemon Base Set Charizard Holo #4"',
  title: '1999 Pokemon Base Set Charizard Holo #4',
  grader: 'PSA',
  population_as_of: '2026-11-27',
  graded_copies: 620,
  raw: { estimate: 380, low: 290, high: 470, level: 80, sales_used: 41 },
  raw_net: 329.35,
  fee: 25,
  selling_pct: 13.25,
  selling_fixed: 0.3,
  expected_net: 900.12,
  expected_profit: 600.12,
  p_loss: 0.18,
  break_even_grade: 'PSA 8',
  unpriced_probability: 0.2097,
  caveat: 'The chances are the shares of copies that owners chose to submit.',
  by_grade: [
    {
      grade: 'PSA 8',
      population: 200,
      probability: 0.3226,
      estimate: 600,
      low: 500,
      high: 700,
      net: 495.2,
    },
    {
      grade: 'PSA 9',
      population: 290,
      probability: 0.4677,
      estimate: 1450,
      low: 1200,
      high: 1800,
      net: 1232.58,
    },
    {
      grade: 'PSA 10',
      population: 130,
      probability: 0.2097,
      estimate: null,
      low: null,
      high: null,
      net: null,
    },
  ],
};

const text = (id: string) => screen.getByTestId(id).textContent;
const row = (grade: string) => {
  const found = screen.getByTestId('grading-table').querySelector(`tr[data-grade="${grade}"]`);
  if (!(found instanceof HTMLElement)) throw new Error(`no row for ${grade}`);
  return within(found);
};

describe('GradingResult', () => {
  it('sets the expected net against selling raw, with the chance of a loss and the break-even grade', () => {
    render(<GradingResult data={answer} />);
    expect(text('grading-raw')).toBe('nets $329.35 (sells for $380.00, 80 %: $290.00-$470.00)');
    expect(text('grading-expected-net')).toBe('$900.12');
    expect(text('grading-expected-profit')).toBe('$600.12');
    expect(text('grading-p-loss')).toBe('18.0 %');
    expect(text('grading-break-even')).toBe('PSA 8');
  });

  it('gives each grade its chance as a percent, its price range and its net range after fees', () => {
    render(<GradingResult data={answer} />);
    expect(row('PSA 8').getByTestId('grading-chance').textContent).toBe('32.3 % 200 graded');
    expect(row('PSA 8').getByTestId('grading-price').textContent).toBe('$600.00 $500.00-$700.00');
    // 500 x 0.8675 - 25.30 = 408.45; 700 x 0.8675 - 25.30 = 581.95
    expect(row('PSA 8').getByTestId('grading-net').textContent).toBe('$495.20 $408.45-$581.95');
    // 1200 x 0.8675 - 25.30 = 1015.70; 1800 x 0.8675 - 25.30 = 1536.20
    expect(row('PSA 9').getByTestId('grading-net').textContent).toBe('$1,232.58 $1,015.70-$1,536.20');
    expect(row('PSA 9').getByTestId('grading-chance').textContent).toBe('46.8 % 290 graded');
    expect(row('PSA 10').getByTestId('grading-price').textContent).toBe('too few sales for a price');
    expect(row('PSA 10').queryByTestId('grading-net')).toBeNull();
  });

  it('states the report, the costs, the unpriced share and the caveat in plain words', () => {
    render(<GradingResult data={answer} />);
    expect(text('grading-basis')).toBe(
      'PSA population report of Nov 27, 2026: 620 graded copies. Fee $25.00 per card; selling costs 13.25 % of the price + $0.30. Grades without a price (21.0 % of the chance) are left out of the expected net.',
    );
    expect(text('grading-caveat')).toContain(
      'The chances are the shares of copies that owners chose to submit.',
    );
  });

  it('without a raw estimate, a cost or any price says so instead of a number', () => {
    render(
      <GradingResult
        data={{
          ...answer,
          graded_copies: 40,
          raw: null,
          raw_net: null,
          expected_net: null,
          expected_profit: undefined,
          p_loss: null,
          break_even_grade: null,
          unpriced_probability: 0,
        }}
      />,
    );
    expect(text('grading-raw')).toBe('no raw estimate');
    expect(text('grading-expected-net')).toBe('no grade has a price');
    expect(screen.queryByTestId('grading-expected-profit')).toBeNull();
    expect(text('grading-p-loss')).toBe('unknown');
    expect(text('grading-break-even')).toBe('none nets as much as raw');
    expect(text('grading-basis')).toContain("40 graded copies, shares shrunk toward its label's cards");
  });
});
