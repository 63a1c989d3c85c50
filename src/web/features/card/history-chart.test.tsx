import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryChart } from './history-chart';
import { gradeLines } from './history-model';

const point = (period_start: string, grade: string, median: number, sales: number) => ({
  period_start,
  grade,
  median,
  low: median - 10,
  high: median + 10,
  min: median - 20,
  max: median + 20,
  sales,
});
const series = [
  point('2026-01-05', 'PSA 10', 300, 2),
  point('2026-01-05', 'PSA 9', 100, 1),
  point('2026-01-12', 'PSA 9', 110, 4),
  point('2026-01-19', 'PSA 10', 320, 1),
];

describe('history chart', () => {
  afterEach(cleanup);

  it('draws a line and a band per grade, and reads the periods from the keyboard', () => {
    const { container } = render(
      <HistoryChart lines={gradeLines(series)} series={series} width={600} log={false} />,
    );
    expect(container.querySelectorAll('polyline')).toHaveLength(2);
    expect(container.querySelectorAll('polygon')).toHaveLength(2);
    const plot = screen.getByRole('slider', { name: /Read the history/ });
    // Before any choice the read-out shows the latest period.
    expect(screen.getByTestId('history-readout-period').textContent).toBe('2026-01-19');
    fireEvent.keyDown(plot, { key: 'Home' });
    expect(screen.getByTestId('history-readout-period').textContent).toBe('2026-01-05');
    expect(screen.getAllByTestId('history-readout-row').map((row) => row.textContent)).toEqual([
      'PSA 10: median $300.00, p25-p75 $290.00-$310.00, 2 sales',
      'PSA 9: median $100.00, p25-p75 $90.00-$110.00, 1 sale',
    ]);
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(screen.getByTestId('history-readout-period').textContent).toBe('2026-01-12');
    expect(screen.getAllByTestId('history-readout-median').map((cell) => cell.textContent)).toEqual([
      '$110.00',
    ]);
    expect(plot.getAttribute('aria-valuetext')).toBe('2026-01-12');
  });
});
