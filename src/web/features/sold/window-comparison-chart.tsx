import { formatInteger, formatUsdCompact } from '../../lib/format';
import { ColumnChart } from './column-chart';
import type { ComparisonPoint } from './window-comparison';

/** Median (bars, left axis) and sales count (line, right axis) per window. Pure: fed by props. */
export function WindowComparisonChart({ points }: { points: readonly ComparisonPoint[] }) {
  const columns = points.map((point) => ({
    key: String(point.days),
    label: `${point.days}d`,
    value: point.median,
  }));
  return (
    <figure className="chart-figure">
      <figcaption>
        Median sold price (bars, left axis) and number of sales (line, right axis) at each window
      </figcaption>
      <div aria-hidden="true" data-testid="window-comparison-chart">
        <ColumnChart
          columns={columns}
          format={formatUsdCompact}
          height={180}
          line={{ values: points.map((point) => point.sales), format: formatInteger }}
        />
      </div>
    </figure>
  );
}
