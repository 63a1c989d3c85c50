import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChartRow } from './chart-row';
import { dayIndexAt, IndexHoverLayer } from './index-hover-layer';

const rows: ChartRow[] = [
  { date: '2026-06-01', t: 0, values: [10, null] },
  { date: '2026-06-02', t: 1, values: [11, 5] },
  { date: '2026-06-03', t: 2, values: [12, 6] },
];
const series = [
  { key: 'a', name: 'pokemon', color: 'red', dash: undefined },
  { key: 'b', name: 'magic', color: 'blue', dash: undefined },
];

describe('index hover layer', () => {
  afterEach(cleanup);

  it('maps an x offset to the nearest day of a linear axis, clamped to the ends', () => {
    expect(dayIndexAt(0, 200, 3)).toBe(0);
    expect(dayIndexAt(49, 200, 3)).toBe(0);
    expect(dayIndexAt(51, 200, 3)).toBe(1);
    expect(dayIndexAt(500, 200, 3)).toBe(2);
    expect(dayIndexAt(-5, 200, 3)).toBe(0);
  });

  it('reads the chart day by day from the keyboard, every series on each day', () => {
    render(
      <IndexHoverLayer
        rows={rows}
        series={series}
        format={String}
        plot={{ left: 0, top: 0, width: 200, height: 100 }}
      />,
    );
    const slider = screen.getByRole('slider', { name: /Read the chart/ });
    fireEvent.focus(slider);
    expect(screen.getByTestId('index-tooltip').dataset.date).toBe('2026-06-03');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(screen.getByTestId('index-tooltip').dataset.date).toBe('2026-06-01');
    expect(slider.getAttribute('aria-valuetext')).toBe('Jun 1, 2026: pokemon 10, magic no data');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(screen.getAllByTestId('index-tooltip-row').map((row) => row.textContent)).toEqual([
      'pokemon11',
      'magic5',
    ]);
    fireEvent.blur(slider);
    expect(screen.queryByTestId('index-tooltip')).toBeNull();
  });
});
