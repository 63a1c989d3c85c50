import type { GradeValue } from '../../../contract/resources';
import { DataTable, NumericCell } from '../../components/data-table';
import { inGradeOrder } from '../../lib/card-query/grade-order';
import { formatInteger, formatUsd } from '../../lib/format';

const COLUMNS = [
  { label: 'Grade' },
  { label: 'Value', numeric: true },
  { label: 'Range (p25 to p75)', numeric: true },
  { label: 'Lowest to highest', numeric: true },
  { label: 'Sales', numeric: true },
];

/** The grade ladder's figures, one row per grade in the grades' natural order. */
export function GradeLadderTable({ rows }: { rows: readonly GradeValue[] }) {
  return (
    <DataTable caption="Grade ladder" columns={COLUMNS}>
      {inGradeOrder(rows).map((row) => (
        <tr key={row.grade} data-testid="ladder-row" data-grade={row.grade}>
          <th scope="row">{row.grade}</th>
          <NumericCell testId="ladder-value">{formatUsd(row.value)}</NumericCell>
          <NumericCell>
            <span data-testid="ladder-low">{formatUsd(row.low)}</span> to{' '}
            <span data-testid="ladder-high">{formatUsd(row.high)}</span>
          </NumericCell>
          <NumericCell>
            <span data-testid="ladder-min">{formatUsd(row.min)}</span> to{' '}
            <span data-testid="ladder-max">{formatUsd(row.max)}</span>
          </NumericCell>
          <NumericCell testId="ladder-sample-size">{formatInteger(row.sample_size)}</NumericCell>
        </tr>
      ))}
    </DataTable>
  );
}
