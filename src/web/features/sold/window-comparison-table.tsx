import { formatInteger, formatUsd } from '../../lib/format';
import { TableScroll } from '../value/table-scroll';
import type { ComparisonPoint } from './window-comparison';

/** The comparison's figures as a table: what the chart draws, readable and testable. */
export function WindowComparisonTable({ points }: { points: readonly ComparisonPoint[] }) {
  return (
    <TableScroll label="Median and sales by window">
      <table className="data-table">
        <caption className="data-table__caption">Median and sales by window</caption>
        <thead>
          <tr>
            <th scope="col">Window</th>
            <th scope="col" className="is-numeric">
              Median
            </th>
            <th scope="col" className="is-numeric">
              Sales
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.days} data-testid="window-row" data-days={point.days}>
              <th scope="row">{point.days} days</th>
              <td className="is-numeric" data-testid="window-median">
                {point.median === null ? 'no sales' : formatUsd(point.median)}
              </td>
              <td className="is-numeric" data-testid="window-sales">
                {formatInteger(point.sales)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
