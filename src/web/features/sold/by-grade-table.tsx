import type { GradeStat } from '../../../contract/resources';
import { formatInteger, formatUsd } from '../../lib/format';
import { inGradeOrder } from '../value/grade-order';
import { TableScroll } from '../value/table-scroll';

/** The sold-comp answer per grade, in the grades' natural order. */
export function ByGradeTable({ rows }: { rows: readonly GradeStat[] }) {
  return (
    <TableScroll label="Sales by grade">
      <table className="data-table">
        <caption className="data-table__caption">Sales by grade</caption>
        <thead>
          <tr>
            <th scope="col">Grade</th>
            <th scope="col" className="is-numeric">
              Median
            </th>
            <th scope="col" className="is-numeric">
              Average
            </th>
            <th scope="col" className="is-numeric">
              Sales
            </th>
          </tr>
        </thead>
        <tbody>
          {inGradeOrder(rows).map((row) => (
            <tr key={row.grade} data-testid="by-grade-row" data-grade={row.grade}>
              <th scope="row">{row.grade}</th>
              <td className="is-numeric" data-testid="by-grade-median">
                {formatUsd(row.median)}
              </td>
              <td className="is-numeric" data-testid="by-grade-avg">
                {formatUsd(row.avg)}
              </td>
              <td className="is-numeric" data-testid="by-grade-sales">
                {formatInteger(row.sales)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
