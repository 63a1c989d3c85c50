import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BuyScoreGauge } from './buy-score-gauge';
import { GAUGE, pointAt } from './gauge-geometry';

afterEach(cleanup);

describe('BuyScoreGauge', () => {
  it('is an image whose accessible name carries the score and the verdict', () => {
    render(<BuyScoreGauge score={62} verdict="Accumulate" />);
    expect(screen.getByRole('img', { name: 'Buy score: 62 out of 100, Accumulate' })).toBeVisible();
    expect(screen.getByTestId('buy-score').textContent).toBe('62');
    expect(screen.getByTestId('verdict').textContent).toBe('Accumulate');
  });

  it('draws the four verdict bands and points the needle at the score', () => {
    const { container } = render(<BuyScoreGauge score={80} verdict="Strong Buy" />);
    const bands = [...container.querySelectorAll('path[data-band]')].map((path) =>
      path.getAttribute('data-band'),
    );
    expect(bands).toEqual(['Reduce', 'Hold', 'Accumulate', 'Strong Buy']);
    const needle = screen.getByTestId('gauge-needle');
    const tip = pointAt(80, GAUGE.radius - GAUGE.width / 2 - 4);
    expect(Number(needle.getAttribute('x2'))).toBe(tip.x);
    expect(Number(needle.getAttribute('y2'))).toBe(tip.y);
    expect(tip.x).toBeGreaterThan(GAUGE.cx);
  });
});
