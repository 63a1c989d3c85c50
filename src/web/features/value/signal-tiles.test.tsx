import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SignalTiles } from './signal-tiles';

afterEach(cleanup);

const signals = {
  liquidity: 64,
  last_sale: 1234.5,
  last_sale_date: '2026-11-20T18:04:00.000Z',
  sales_90d: 42,
  trend_30d: -3.25,
  population: null,
  watchers: null,
};

describe('SignalTiles', () => {
  it('shows liquidity, last sale with its date, 90-day sales and the trend', () => {
    render(<SignalTiles signals={signals} />);
    const text = (id: string) => screen.getByTestId(id).textContent;
    expect(text('signal-liquidity')).toBe('64');
    expect(text('signal-last-sale')).toBe('$1,234.50');
    expect(text('signal-last-sale-date')).toBe('Nov 20, 2026');
    expect(text('signal-sales-90d')).toBe('42');
    expect(text('signal-trend-30d')).toBe('-3.25%');
  });

  it('explains the trend like for like: each card and grade against itself, 30 days against the 30 before', () => {
    render(<SignalTiles signals={signals} />);
    expect(
      screen.getByText('each card and grade against itself: the last 30 days vs the 30 before'),
    ).toBeVisible();
    expect(screen.queryByText(/median against|in a 30-day window/)).toBeNull();
  });

  it('says "not enough sales" for a null trend and "not yet captured" for reserved fields', () => {
    render(<SignalTiles signals={{ ...signals, trend_30d: null }} />);
    expect(screen.getByTestId('signal-trend-30d').textContent).toBe('not enough sales');
    expect(screen.getByText(/^too few sales/).textContent).toBe(
      'too few sales of the same card and grade in the last 30 days and the 30 before',
    );
    expect(screen.getByTestId('signal-population').textContent).toBe('not yet captured');
    expect(screen.getByTestId('signal-watchers').textContent).toBe('not yet captured');
  });
});
