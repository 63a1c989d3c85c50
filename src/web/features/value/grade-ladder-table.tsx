import type { GradeValue } from '../../../contract/resources';
import { formatInteger, formatUsd } from '../../lib/format';
import { inGradeOrder } from './grade-order';
import { TableScroll } from './table-scroll';

/** The grade ladder's figures, one row per grade in the grades' natural order. */
export function GradeLadderTable({ rows }: { rows: readonly GradeValue[] }) {
  return (
    <TableScroll label="Grade ladder">
      <table className="data-table">
        <caption className="data-table__caption">Grade ladder</caption>
        <thead>
          <tr>
            <th scope="col">Grade</th>
            <th scope="col" className="is-numeric">
              Value
            </th>
            <th scope="col" className="is-numeric">
              Range (p25 to p75)
            </th>
            <th scope="col" className="is-numeric">
              Lowest to highest
            </th>
            <th scope="col" className="is-numeric">
              Sales
            </th>
          </tr>
        </thead>
        <tbody>
          {inGradeOrder(rows).map((row) => (
            <tr key={row.grade} data-testid="ladder-row" data-grade={row.grade}>
              <th scope="row">{row.grade}</th>
              <td className="is-numeric" data-testid="ladder-value">
                {formatUsd(row.value)}
              </td>
              <td className="is-numeric">
                <span data-testid="ladder-low">{formatUsd(row.low)}</span> to{' '}
                <span data-testid="ladder-high">{formatUsd(row.high)}</span>
              </td>
              <td className="is-numeric">
                <span data-testid="ladder-min">{formatUsd(row.min)}</span> to{' '}
                <span data-testid="ladder-max">{formatUsd(row.max)}</span>
              </td>
              <td className="is-numeric" data-testid="ladder-sample-size">
                {formatInteger(row.sample_size)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
