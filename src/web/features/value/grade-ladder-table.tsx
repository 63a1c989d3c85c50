import type { GradeValue } from '../../../contract/resources';
import { DataTable, NumericCell } from '../../components/data-table';
import { inGradeOrder } from '../../lib/card-query/grade-order';
import { formatInteger, formatUsd } from '../../lib/format';

const SOLD_COLUMNS = [
  { label: 'Middle half sold (p25 to p75)', numeric: true },
  { label: 'Lowest to highest', numeric: true },
  { label: 'Sales', numeric: true },
];

/** The level of the rows' next-sale ranges (80), or null when no row carries `next_sale`. */
export const nextSaleLevel = (rows: readonly GradeValue[]): number | null =>
  rows.find((row) => row.next_sale)?.next_sale?.level ??
  (rows.some((row) => row.next_sale === null) ? 80 : null);

/**
 * The grade ladder's figures, one row per grade in the grades' natural order. Where the rungs carry
 * `next_sale`, each grade's value is its estimate with its range, then the median of what sold; a
 * rung without an estimate says so. `nextSale={false}` leaves the estimates out (a blend of cards).
 */
export function GradeLadderTable({
  rows,
  nextSale = true,
}: {
  rows: readonly GradeValue[];
  nextSale?: boolean;
}) {
  const level = nextSale ? nextSaleLevel(rows) : null;
  const columns =
    level === null
      ? [{ label: 'Grade' }, { label: 'Median sold', numeric: true }, ...SOLD_COLUMNS]
      : [
          { label: 'Grade' },
          { label: 'Value (estimate)', numeric: true },
          { label: `Likely next sale (${level} %)`, numeric: true },
          { label: 'Median sold', numeric: true },
          ...SOLD_COLUMNS,
        ];
  return (
    <DataTable caption="Grade ladder" columns={columns}>
      {inGradeOrder(rows).map((row) => (
        <tr key={row.grade} data-testid="ladder-row" data-grade={row.grade}>
          <th scope="row">{row.grade}</th>
          {level === null ? null : (
            <>
              <NumericCell testId="ladder-value">
                {row.next_sale ? formatUsd(row.next_sale.estimate) : 'too few sales'}
              </NumericCell>
              <NumericCell testId="ladder-next-sale">
                {row.next_sale ? `${formatUsd(row.next_sale.low)} to ${formatUsd(row.next_sale.high)}` : '-'}
              </NumericCell>
            </>
          )}
          <NumericCell testId={level === null ? 'ladder-value' : 'ladder-median'}>
            {formatUsd(row.value)}
          </NumericCell>
          <NumericCell>
            <span data-testid="ladder-low">{formatUsd(row.low)}</span> to{' '}
            <span data-testid="ladder-high">{formatUsd(row.high)}</span>
          </NumericCell>
          <NumericCell>
            <span data-testid="ladder-min">{formatUsd(row.min)}</span> to{' '}
            <span data-testid="ladder-max">{formatUsd(row.max)}</span>
          </NumericCell>
          <NumericCell>
            <span data-testid="ladder-sample-size">{formatInteger(row.sample_size)}</span>
            {row.window_days === undefined ? '' : ` in ${formatInteger(row.window_days)} days`}
          </NumericCell>
        </tr>
      ))}
    </DataTable>
  );
}
