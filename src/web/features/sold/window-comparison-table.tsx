import { formatInteger, formatUsd } from '../../lib/format';
import type { ComparisonPoint } from './window-comparison';

/** The comparison's figures as a table: what the chart draws, readable and testable. */
export function WindowComparisonTable({ points }: { points: readonly ComparisonPoint[] }) {
  return (
    <table className="data-table">
      <caption>Median and sales by window</caption>
      <thead>
        <tr>
          <th scope="col">Window</th>
          <th scope="col">Median</th>
          <th scope="col">Sales</th>
        </tr>
      </thead>
      <tbody>
        {points.map((point) => (
          <tr key={point.days} data-testid="window-row" data-days={point.days}>
            <th scope="row">{point.days} days</th>
            <td data-testid="window-median">
              {point.median === null ? 'no sales' : formatUsd(point.median)}
            </td>
            <td data-testid="window-sales">{formatInteger(point.sales)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
