import type { GradeStat } from '../../../contract/resources';
import { DataTable, NumericCell } from '../../components/data-table';
import { inGradeOrder } from '../../lib/card-query/grade-order';
import { formatInteger, formatUsd } from '../../lib/format';

const COLUMNS = [
  { label: 'Grade' },
  { label: 'Median', numeric: true },
  { label: 'Average', numeric: true },
  { label: 'Sales', numeric: true },
];

/** The sold-comp answer per grade, in the grades' natural order. */
export function ByGradeTable({ rows }: { rows: readonly GradeStat[] }) {
  return (
    <DataTable caption="Sales by grade" columns={COLUMNS}>
      {inGradeOrder(rows).map((row) => (
        <tr key={row.grade} data-testid="by-grade-row" data-grade={row.grade}>
          <th scope="row">{row.grade}</th>
          <NumericCell testId="by-grade-median">{formatUsd(row.median)}</NumericCell>
          <NumericCell testId="by-grade-avg">{formatUsd(row.avg)}</NumericCell>
          <NumericCell testId="by-grade-sales">{formatInteger(row.sales)}</NumericCell>
        </tr>
      ))}
    </DataTable>
  );
}
