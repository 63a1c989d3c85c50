import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { EnrichedValueData } from '../../../contract/resources';
import { explainScore } from './score-breakdown';
import { ScoreContributions } from './score-contributions';

afterEach(cleanup);

const TITLE = '1999 Pokemon Base Set Charizard Holo #4';
type Inputs = Parameters<typeof explainScore>[0];
const inputs: Inputs = {
  last_sale: 180,
  last_sale_comps: { title: TITLE, grade: 'PSA 10', median: 200, sales: 12 },
  trend_30d: 8,
  liquidity: 75,
  confidence: 40,
};

const show = (data: Inputs, score: EnrichedValueData['buy_score']) =>
  render(
    <MemoryRouter>
      <ScoreContributions explanation={explainScore(data)} score={score} />
    </MemoryRouter>,
  );

const readings = () => screen.getAllByTestId('contribution-reading').map((cell) => cell.textContent);
const points = () => screen.getAllByTestId('contribution-points').map((cell) => cell.textContent);

describe('ScoreContributions', () => {
  it('lists the signed points each input added to the base', () => {
    show(inputs, 67);
    const rows = screen.getAllByTestId('contribution');
    expect(rows.map((row) => row.dataset.input)).toEqual(['discount', 'trend', 'liquidity', 'confidence']);
    expect(points()).toEqual(['+10.0', '+4.0', '+5.0', '-2.0']);
    expect(screen.getAllByTestId('contribution-points').map((cell) => cell.className.split(' ')[1])).toEqual([
      'points-up',
      'points-up',
      'points-up',
      'points-down',
    ]);
    expect(screen.queryByText(/the API computed/)).toBeNull();
  });

  it('shows the comparison the server made: last sale, card and grade, median of its N other sales', () => {
    show(inputs, 67);
    expect(readings()[0]).toBe(
      "(last sale $180.00 is 10.00% below what its 12 other PSA 10 sales would fetch today (their median $200.00, each moved to the last sale's week by its label's sales index))",
    );
    expect(screen.getByTestId('last-sale-card').textContent).toBe(TITLE);
    expect(screen.getByTestId('last-sale-grade').textContent).toBe('PSA 10');
    const only = screen.getByRole('link', { name: 'Value of this card in PSA 10 only' });
    expect(only.getAttribute('href')).toBe(
      `/value?${new URLSearchParams({ q: `"${TITLE}"`, grade: 'PSA 10' }).toString()}`,
    );
  });

  it('says plainly that fewer than 3 comps make the discount add nothing', () => {
    show(
      { ...inputs, last_sale: 90, last_sale_comps: { title: TITLE, grade: 'PSA 10', median: 200, sales: 2 } },
      57,
    );
    expect(readings()[0]).toBe(
      '(only 2 other PSA 10 sales of this card in the window: too few to call the last sale cheap or dear, so the discount adds nothing)',
    );
    expect(points()[0]).toBe('0.0');
    expect(screen.getByTestId('last-sale-card').textContent).toBe(TITLE);
    expect(screen.queryByText(/the API computed/)).toBeNull();
  });

  it('falls back to an unknown, neutral discount when the answer has no last_sale_comps', () => {
    const { last_sale_comps: _comps, ...withoutComps } = inputs;
    show(withoutComps, 60);
    expect(readings()[0]).toMatch(/^\(unknown: this server does not say which sales/);
    expect(points()[0]).toBe('0.0');
    expect(screen.queryByTestId('last-sale-comps')).toBeNull();
    expect(
      screen.getByText(
        /Without the comparable sales, the discount is read as 0 here: the formula gives 57; the API computed 60\./,
      ),
    ).toBeVisible();
  });

  it('says so when the rounded figures give another score than the API', () => {
    show(inputs, 68);
    expect(screen.getByText(/the formula gives 67; the API computed 68 from unrounded prices/)).toBeVisible();
  });
});
