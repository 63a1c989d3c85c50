import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { explainScore } from './score-breakdown';
import { ScoreContributions } from './score-contributions';

afterEach(cleanup);

const inputs = { value: 200, last_sale: 180, trend_30d: 8, liquidity: 75, confidence: 40 };

describe('ScoreContributions', () => {
  it('lists the signed points each input added to the base', () => {
    render(<ScoreContributions explanation={explainScore(inputs)} score={67} />);
    const rows = screen.getAllByTestId('contribution');
    expect(rows.map((row) => row.dataset.input)).toEqual(['discount', 'trend', 'liquidity', 'confidence']);
    expect(screen.getAllByTestId('contribution-points').map((cell) => cell.textContent)).toEqual([
      '+10.0',
      '+4.0',
      '+5.0',
      '-2.0',
    ]);
    expect(screen.getAllByTestId('contribution-points').map((cell) => cell.className.split(' ')[1])).toEqual([
      'points-up',
      'points-up',
      'points-up',
      'points-down',
    ]);
    expect(screen.queryByText(/the API computed/)).toBeNull();
  });

  it('says so when the rounded figures give another score than the API', () => {
    render(<ScoreContributions explanation={explainScore(inputs)} score={68} />);
    expect(screen.getByText(/the formula gives 67; the API computed 68/)).toBeTruthy();
  });
});
