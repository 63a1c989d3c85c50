import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageByDayChart } from './usage-by-day-chart';

afterEach(cleanup);

describe('UsageByDayChart', () => {
  it('draws a bar per day, the busiest full height, and says the total and busiest day', () => {
    render(
      <UsageByDayChart
        days={[
          { date: '2026-11-01', calls: 0 },
          { date: '2026-11-02', calls: 38 },
          { date: '2026-11-03', calls: 19 },
        ]}
      />,
    );
    const chart = screen.getByRole('img', {
      name: 'Calls by day this month: 57 in 3 days, most on 2026-11-02 (38).',
    });
    const bars = [...chart.querySelectorAll('rect')];
    expect(bars.map((bar) => bar.getAttribute('data-calls'))).toEqual(['0', '38', '19']);
    // 80 high, 4 of headroom: the busiest day is 76, half its calls 38, no call no bar.
    expect(bars.map((bar) => Number(bar.getAttribute('height')))).toEqual([0, 76, 38]);
  });

  it('a month without calls has no busiest day', () => {
    render(<UsageByDayChart days={[{ date: '2026-12-01', calls: 0 }]} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Calls by day this month: 0 in 1 day.');
  });
});
