import { DataTable, NumericCell } from '../../components/data-table';
import { formatInteger, formatUsd } from '../../lib/format';
import type { ComparisonPoint } from './window-comparison';

const COLUMNS = [{ label: 'Window' }, { label: 'Median', numeric: true }, { label: 'Sales', numeric: true }];

/** The comparison's figures as a table: what the chart draws, readable and testable. */
export function WindowComparisonTable({ points }: { points: readonly ComparisonPoint[] }) {
  return (
    <DataTable caption="Median and sales by window" columns={COLUMNS}>
      {points.map((point) => (
        <tr key={point.days} data-testid="window-row" data-days={point.days}>
          <th scope="row">{point.days} days</th>
          <NumericCell testId="window-median">
            {point.median === null ? 'no sales' : formatUsd(point.median)}
          </NumericCell>
          <NumericCell testId="window-sales">{formatInteger(point.sales)}</NumericCell>
        </tr>
      ))}
    </DataTable>
  );
}
