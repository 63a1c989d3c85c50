import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatUsdCompact } from '../../lib/format';
import { GradeLadder, gradesBelowRaw } from './grade-ladder';
import { GradeLadderChart } from './grade-ladder-chart';
import { GradeLadderTable } from './grade-ladder-table';

afterEach(cleanup);

const ladder = [
  { grade: 'PSA 10', value: 2000, low: 1800, high: 2400, min: 1500, max: 3000, sample_size: 6 },
  { grade: 'Raw', value: 100, low: 80, high: 120, min: 50, max: 200, sample_size: 30 },
  { grade: 'PSA 9', value: 600, low: 550, high: 650, min: 500, max: 700, sample_size: 12 },
];

describe('grade ladder', () => {
  it('tables one row per grade in natural order with every figure', () => {
    render(<GradeLadderTable rows={ladder} />);
    const rows = screen.getAllByTestId('ladder-row');
    expect(rows.map((row) => row.dataset.grade)).toEqual(['Raw', 'PSA 9', 'PSA 10']);
    const cells = (id: string) => screen.getAllByTestId(id).map((cell) => cell.textContent);
    expect(cells('ladder-value')).toEqual(['$100.00', '$600.00', '$2,000.00']);
    expect(cells('ladder-low')).toEqual(['$80.00', '$550.00', '$1,800.00']);
    expect(cells('ladder-max')).toEqual(['$200.00', '$700.00', '$3,000.00']);
    expect(cells('ladder-sample-size')).toEqual(['30', '12', '6']);
  });

  it('draws every grade on one shared scale, from the lowest min to the highest max', () => {
    render(<GradeLadderChart rows={ladder} />);
    const bars = screen.getAllByRole('img');
    expect(bars.map((bar) => bar.getAttribute('aria-label')?.split(':')[0])).toEqual([
      'Raw',
      'PSA 9',
      'PSA 10',
    ]);
    // PSA 10's max is the top of the scale, Raw's min its bottom.
    const whisker = (bar: HTMLElement) => bar.querySelector<HTMLElement>('.range-bar__whisker')!.style;
    expect(whisker(bars[0]!).left).toBe('0%');
    const top = whisker(bars[2]!);
    expect(Number.parseFloat(top.left) + Number.parseFloat(top.width)).toBeCloseTo(100);
    // 50 to 3,000 spans more than 20 times: a log scale, its middle tick at the geometric mean.
    expect(screen.getByRole('figure').textContent).toContain('logarithmic scale');
    const ticks = [...document.querySelectorAll('.ladder-chart__axis span')].map((tick) => tick.textContent);
    expect(ticks).toEqual([
      formatUsdCompact(50),
      formatUsdCompact(Math.sqrt(50 * 3000)),
      formatUsdCompact(3000),
    ]);
  });

  it('says why Raw sits above a low grade, and nothing when it does not', () => {
    const vintage = [
      ...ladder,
      { grade: 'PSA 5', value: 80, low: 70, high: 90, min: 60, max: 95, sample_size: 4 },
      { grade: 'PSA 3', value: 40, low: 35, high: 45, min: 30, max: 50, sample_size: 3 },
    ];
    expect(gradesBelowRaw(vintage)).toEqual(['PSA 5', 'PSA 3']);
    expect(gradesBelowRaw(ladder)).toEqual([]);
    render(<GradeLadder rows={vintage} />);
    expect(screen.getByTestId('raw-above-note').textContent).toMatch(
      /^Raw sits above PSA 5, PSA 3 here: .*centring and eye appeal/,
    );
    cleanup();
    render(<GradeLadder rows={ladder} />);
    expect(screen.queryByTestId('raw-above-note')).toBeNull();
  });
});

describe('grade ladder with the next sale', () => {
  it('heads each rung with its estimate and range, the median of what sold after; a rung without one says so', () => {
    render(
      <GradeLadderTable
        rows={[
          {
            ...ladder[0]!,
            window_days: 365,
            next_sale: { estimate: 1900.5, low: 1500, high: 2300, level: 80, sales_used: 6 },
          },
          { ...ladder[2]!, sample_size: 2, window_days: 365, next_sale: null },
        ]}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Grade',
      'Value (estimate)',
      'Likely next sale (80 %)',
      'Median sold',
      'Middle half sold (p25 to p75)',
      'Lowest to highest',
      'Sales',
    ]);
    const cells = (id: string) => screen.getAllByTestId(id).map((cell) => cell.textContent);
    expect(cells('ladder-value')).toEqual(['too few sales', '$1,900.50']);
    expect(cells('ladder-next-sale')).toEqual(['-', '$1,500.00 to $2,300.00']);
    expect(cells('ladder-median')).toEqual(['$600.00', '$2,000.00']);
    expect(screen.getAllByTestId('ladder-sample-size')[1]?.parentElement).toHaveTextContent('6 in 365 days');
  });

  it('leaves the estimates out of a blend of cards', () => {
    render(<GradeLadderTable rows={[{ ...ladder[0]!, next_sale: null }]} nextSale={false} />);
    expect(screen.queryByTestId('ladder-next-sale')).toBeNull();
    expect(screen.getByTestId('ladder-value')).toHaveTextContent('$2,000.00');
  });
});
