import { Bar, CartesianGrid, ComposedChart, Line, XAxis, YAxis } from 'recharts';
import { formatInteger, formatUsdCompact } from '../../lib/format';
import type { ComparisonPoint } from './window-comparison';

/** Median (bars, left axis) and sales count (line, right axis) per window. Pure: fed by props. */
export function WindowComparisonChart({ points }: { points: readonly ComparisonPoint[] }) {
  const data = points.map((point) => ({ ...point, window: `${point.days}d` }));
  return (
    <figure className="chart-figure">
      <figcaption>
        Median sold price (bars, left axis) and number of sales (line, right axis) at each window
      </figcaption>
      <div aria-hidden="true">
        <ComposedChart
          responsive
          accessibilityLayer={false}
          data={data}
          style={{ width: '100%', height: 220 }}
          margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
        >
          <CartesianGrid vertical={false} stroke="var(--chart-grid)" />
          <XAxis dataKey="window" tick={{ fill: 'var(--color-text-muted)' }} />
          <YAxis
            yAxisId="price"
            width={56}
            tickFormatter={(value: number) => formatUsdCompact(value)}
            tick={{ fill: 'var(--color-text-muted)' }}
          />
          <YAxis
            yAxisId="sales"
            orientation="right"
            width={48}
            tickFormatter={(value: number) => formatInteger(value)}
            tick={{ fill: 'var(--color-text-muted)' }}
          />
          <Bar
            yAxisId="price"
            dataKey="median"
            name="Median"
            fill="var(--chart-1)"
            isAnimationActive={false}
          />
          <Line
            yAxisId="sales"
            dataKey="sales"
            name="Sales"
            stroke="var(--chart-3)"
            strokeWidth={2}
            isAnimationActive={false}
          />
        </ComposedChart>
      </div>
    </figure>
  );
}
